CREATE TABLE "fiat_on_ramp_credentials" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"provider" text NOT NULL,
	"project_id" text,
	"publishable_api_key" text NOT NULL,
	"has_private_api_key" boolean NOT NULL,
	"sandbox_mode" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onramp_status_changes" (
	"id" text PRIMARY KEY NOT NULL,
	"transaction_id" text NOT NULL,
	"status" text NOT NULL,
	"provider_status" text NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onramp_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"provider" text NOT NULL,
	"mode" text NOT NULL,
	"credential_id" text,
	"wallet_address" text NOT NULL,
	"network" text NOT NULL,
	"caip2" text,
	"crypto_currency" text NOT NULL,
	"fiat_currency" text NOT NULL,
	"fiat_amount" text,
	"crypto_amount" text,
	"status" text NOT NULL,
	"provider_status" text NOT NULL,
	"checkout_token_hash" text,
	"provider_transaction_id" text,
	"tx_hash" text,
	"failure_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fiat_on_ramp_credentials" ADD CONSTRAINT "fiat_on_ramp_credentials_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onramp_status_changes" ADD CONSTRAINT "onramp_status_changes_transaction_id_onramp_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "onramp_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onramp_transactions" ADD CONSTRAINT "onramp_transactions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fiat_on_ramp_credentials_provider_idx" ON "fiat_on_ramp_credentials" USING btree ("organization_id","provider");--> statement-breakpoint
CREATE INDEX "onramp_status_changes_tx_idx" ON "onramp_status_changes" USING btree ("transaction_id","id");--> statement-breakpoint
CREATE INDEX "onramp_transactions_org_idx" ON "onramp_transactions" USING btree ("organization_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "onramp_transactions_checkout_idx" ON "onramp_transactions" USING btree ("checkout_token_hash");