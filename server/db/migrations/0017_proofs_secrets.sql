CREATE TABLE "app_proofs" (
	"id" text PRIMARY KEY NOT NULL,
	"activity_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"scheme" text NOT NULL,
	"public_key" text NOT NULL,
	"proof_payload" text NOT NULL,
	"signature" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "secrets" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"name" text,
	"static_properties" jsonb NOT NULL,
	"imported_by_user_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "secrets" ADD CONSTRAINT "secrets_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_proofs_activity_idx" ON "app_proofs" USING btree ("activity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "secrets_org_name_idx" ON "secrets" USING btree ("organization_id","name");