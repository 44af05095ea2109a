CREATE TABLE "email_events" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"message_id" text NOT NULL,
	"event_type" text NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"purpose" text NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"message_id" text NOT NULL,
	"smtp_response" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "email_sink_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"envelope_from" text NOT NULL,
	"envelope_to" text[] NOT NULL,
	"subject" text NOT NULL,
	"message_id" text,
	"text" text NOT NULL,
	"html" text,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "otp_flows" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"otp_type" text NOT NULL,
	"contact" text NOT NULL,
	"code_hmac" text NOT NULL,
	"salt" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"email_message_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"otp_flow_id" text NOT NULL,
	"verification_type" text NOT NULL,
	"contact" text NOT NULL,
	"public_key" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_events" ADD CONSTRAINT "email_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_events" ADD CONSTRAINT "email_events_message_id_email_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "email_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otp_flows" ADD CONSTRAINT "otp_flows_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otp_flows" ADD CONSTRAINT "otp_flows_email_message_id_email_messages_id_fk" FOREIGN KEY ("email_message_id") REFERENCES "email_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_tokens" ADD CONSTRAINT "verification_tokens_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_tokens" ADD CONSTRAINT "verification_tokens_otp_flow_id_otp_flows_id_fk" FOREIGN KEY ("otp_flow_id") REFERENCES "otp_flows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_events_to_idx" ON "email_events" USING btree ("organization_id","to_address","id");--> statement-breakpoint
CREATE INDEX "email_messages_to_idx" ON "email_messages" USING btree ("organization_id","to_address","id");--> statement-breakpoint
CREATE INDEX "otp_flows_org_idx" ON "otp_flows" USING btree ("organization_id","id");--> statement-breakpoint
-- Organizations that existed before the login features were recorded start with them on, as new ones do.
INSERT INTO "organization_features" ("organization_id", "name", "value", "created_at", "updated_at")
SELECT o."id", f."name", 'true', now(), now()
FROM "organizations" o
CROSS JOIN (VALUES ('FEATURE_NAME_OTP_EMAIL_AUTH'), ('FEATURE_NAME_EMAIL_AUTH'), ('FEATURE_NAME_EMAIL_RECOVERY'), ('FEATURE_NAME_SMS_AUTH')) AS f("name")
ON CONFLICT DO NOTHING;
