CREATE TABLE "private_key_addresses" (
	"private_key_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"format" text NOT NULL,
	"address" text NOT NULL,
	CONSTRAINT "private_key_addresses_private_key_id_format_pk" PRIMARY KEY("private_key_id","format")
);
--> statement-breakpoint
CREATE TABLE "private_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"name" text NOT NULL,
	"curve" text NOT NULL,
	"public_key" text NOT NULL,
	"tag_ids" text[] NOT NULL,
	"exported" boolean NOT NULL,
	"imported" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sealed_secrets" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text,
	"kind" text NOT NULL,
	"ciphertext" text NOT NULL,
	"wrapped_data_key" text NOT NULL,
	"master_key_id" text NOT NULL,
	"version" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smart_contract_interfaces" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"address" text NOT NULL,
	"definition" text NOT NULL,
	"parsed" jsonb NOT NULL,
	"type" text NOT NULL,
	"label" text NOT NULL,
	"notes" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"wallet_id" text NOT NULL,
	"curve" text NOT NULL,
	"path_format" text NOT NULL,
	"path" text NOT NULL,
	"address_format" text NOT NULL,
	"address" text NOT NULL,
	"public_key" text NOT NULL,
	"name" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"name" text NOT NULL,
	"exported" boolean NOT NULL,
	"imported" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "private_key_addresses" ADD CONSTRAINT "private_key_addresses_private_key_id_private_keys_id_fk" FOREIGN KEY ("private_key_id") REFERENCES "private_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_key_addresses" ADD CONSTRAINT "private_key_addresses_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_keys" ADD CONSTRAINT "private_keys_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sealed_secrets" ADD CONSTRAINT "sealed_secrets_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_contract_interfaces" ADD CONSTRAINT "smart_contract_interfaces_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_accounts" ADD CONSTRAINT "wallet_accounts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_accounts" ADD CONSTRAINT "wallet_accounts_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "wallets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "private_key_addresses_org_address_idx" ON "private_key_addresses" USING btree ("organization_id","address");--> statement-breakpoint
CREATE UNIQUE INDEX "private_keys_org_name_idx" ON "private_keys" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "sealed_secrets_master_idx" ON "sealed_secrets" USING btree ("master_key_id");--> statement-breakpoint
CREATE INDEX "smart_contract_interfaces_org_address_idx" ON "smart_contract_interfaces" USING btree ("organization_id","address");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_accounts_derivation_idx" ON "wallet_accounts" USING btree ("wallet_id","curve","path","address_format");--> statement-breakpoint
CREATE INDEX "wallet_accounts_org_address_idx" ON "wallet_accounts" USING btree ("organization_id","address");--> statement-breakpoint
CREATE INDEX "wallet_accounts_wallet_idx" ON "wallet_accounts" USING btree ("wallet_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_accounts_org_name_idx" ON "wallet_accounts" USING btree ("organization_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_org_name_idx" ON "wallets" USING btree ("organization_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_org_type_name_idx" ON "tags" USING btree ("organization_id","tag_type","name");