CREATE TABLE "invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"receiver_user_name" text NOT NULL,
	"receiver_email" text NOT NULL,
	"receiver_user_tags" text[] NOT NULL,
	"access_type" text NOT NULL,
	"sender_user_id" text NOT NULL,
	"status" text NOT NULL,
	"accepted_user_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"name" text NOT NULL,
	"scope" text NOT NULL,
	"expiration_seconds" text,
	"notes" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "session_profile_id" text;--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "channel" text DEFAULT 'EMAIL' NOT NULL;--> statement-breakpoint
ALTER TABLE "otp_flows" ADD COLUMN "purpose" text DEFAULT 'OTP' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_profiles" ADD CONSTRAINT "session_profiles_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitations_email_idx" ON "invitations" USING btree ("organization_id","receiver_email");--> statement-breakpoint
CREATE INDEX "session_profiles_org_idx" ON "session_profiles" USING btree ("organization_id","id");