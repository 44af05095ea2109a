CREATE TABLE "earn_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"activity_id" text NOT NULL,
	"kind" text NOT NULL,
	"caip2" text NOT NULL,
	"wrapper_address" text NOT NULL,
	"wallet_address" text,
	"assets" text,
	"send_id" text,
	"call" jsonb,
	"status" text NOT NULL,
	"signed_transaction" text,
	"tx_hash" text,
	"error" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "earn_wrappers" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"caip2" text NOT NULL,
	"provider" text NOT NULL,
	"vault_address" text NOT NULL,
	"asset_address" text NOT NULL,
	"wrapper_address" text NOT NULL,
	"splitter_address" text NOT NULL,
	"factory_nonce" integer NOT NULL,
	"client_fee_bps" integer NOT NULL,
	"operator_fee_bps" integer NOT NULL,
	"client_fee_wallet" text NOT NULL,
	"controller" text NOT NULL,
	"deploy_request_id" text NOT NULL,
	"deposits_disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "earn_requests" ADD CONSTRAINT "earn_requests_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earn_wrappers" ADD CONSTRAINT "earn_wrappers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "earn_requests_wallet_idx" ON "earn_requests" USING btree ("wallet_address","caip2","wrapper_address");--> statement-breakpoint
CREATE INDEX "earn_wrappers_address_idx" ON "earn_wrappers" USING btree ("caip2","wrapper_address");--> statement-breakpoint
CREATE INDEX "earn_wrappers_org_idx" ON "earn_wrappers" USING btree ("organization_id","caip2","vault_address");