ALTER TABLE "email_messages" ADD COLUMN "resendable_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "resends" integer DEFAULT 0 NOT NULL;