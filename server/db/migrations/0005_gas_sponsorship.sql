CREATE TABLE "gas_usage_configs" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"enabled" boolean NOT NULL,
	"org_window_limit_usd" text NOT NULL,
	"sub_org_window_limit_usd" text NOT NULL,
	"window_duration_minutes" integer NOT NULL,
	"evm_gas_station_address" text,
	"solana_gas_station_address" text,
	"solana_rent_prefund_enabled" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "gas_usage_configs_organization_id_unique" UNIQUE("organization_id")
);
--> statement-breakpoint
CREATE TABLE "sponsored_spend" (
	"id" text PRIMARY KEY NOT NULL,
	"sponsor_organization_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"send_id" text NOT NULL,
	"caip2" text NOT NULL,
	"fee_base_units" text NOT NULL,
	"usd_micros" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sponsored_spend_send_id_unique" UNIQUE("send_id")
);
--> statement-breakpoint
ALTER TABLE "gas_usage_configs" ADD CONSTRAINT "gas_usage_configs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sponsored_spend_window_idx" ON "sponsored_spend" USING btree ("sponsor_organization_id","organization_id","created_at");