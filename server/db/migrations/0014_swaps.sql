CREATE TABLE "swap_configs" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"fee_receiver_address" text,
	"fee_bps" integer NOT NULL,
	"stable_fee_bps" integer,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "swap_quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"provider" text NOT NULL,
	"caip2" text NOT NULL,
	"signer" text NOT NULL,
	"input_token" text NOT NULL,
	"output_token" text NOT NULL,
	"input_amount" text NOT NULL,
	"output_amount" text NOT NULL,
	"min_output_amount" text NOT NULL,
	"slippage_bps" integer NOT NULL,
	"client_fee_bps" integer NOT NULL,
	"fee_receiver" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"swap_request_id" text,
	"send_id" text,
	"executed_at" timestamp with time zone,
	CONSTRAINT "swap_quotes_swap_request_id_unique" UNIQUE("swap_request_id")
);
--> statement-breakpoint
ALTER TABLE "swap_configs" ADD CONSTRAINT "swap_configs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_quotes" ADD CONSTRAINT "swap_quotes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_quotes" ADD CONSTRAINT "swap_quotes_send_id_send_transactions_id_fk" FOREIGN KEY ("send_id") REFERENCES "send_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "swap_quotes_organization_idx" ON "swap_quotes" USING btree ("organization_id");