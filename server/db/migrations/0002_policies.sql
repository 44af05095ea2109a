CREATE TABLE "policies" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"name" text NOT NULL,
	"effect" text NOT NULL,
	"condition" text NOT NULL,
	"consensus" text NOT NULL,
	"notes" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_evaluations" (
	"id" text PRIMARY KEY NOT NULL,
	"activity_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"vote_id" text NOT NULL,
	"policy_evaluations" jsonb NOT NULL,
	"outcome" text NOT NULL,
	"deciding_policy_ids" text[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "policy_voter_ids" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_evaluations" ADD CONSTRAINT "policy_evaluations_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_evaluations" ADD CONSTRAINT "policy_evaluations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "policies_org_idx" ON "policies" USING btree ("organization_id","id");--> statement-breakpoint
CREATE INDEX "policy_evaluations_activity_idx" ON "policy_evaluations" USING btree ("activity_id","created_at");