ALTER TABLE "send_transactions" ADD COLUMN "kind" text DEFAULT 'CALLS' NOT NULL;--> statement-breakpoint
ALTER TABLE "send_transactions" ADD COLUMN "sponsor_organization_id" text;