CREATE TABLE "ip_allowlists" (
	"organization_id" text NOT NULL,
	"public_key" text,
	"enabled" boolean,
	"on_evaluation_error" text NOT NULL,
	"rules" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ip_allowlists_scope_key" UNIQUE NULLS NOT DISTINCT("organization_id","public_key")
);
--> statement-breakpoint
CREATE TABLE "mfa_factors" (
	"id" text PRIMARY KEY NOT NULL,
	"activity_id" text NOT NULL,
	"user_id" text NOT NULL,
	"mfa_policy_id" text NOT NULL,
	"type" text NOT NULL,
	"credential_id" text NOT NULL,
	"session_profile_id" text,
	"message" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mfa_policies" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"condition" text NOT NULL,
	"required_methods" jsonb NOT NULL,
	"order" integer NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ip_allowlists" ADD CONSTRAINT "ip_allowlists_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mfa_factors" ADD CONSTRAINT "mfa_factors_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mfa_policies" ADD CONSTRAINT "mfa_policies_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mfa_policies" ADD CONSTRAINT "mfa_policies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mfa_factors_activity_credential_idx" ON "mfa_factors" USING btree ("activity_id","user_id","credential_id");--> statement-breakpoint
CREATE INDEX "mfa_policies_user_idx" ON "mfa_policies" USING btree ("organization_id","user_id","order");