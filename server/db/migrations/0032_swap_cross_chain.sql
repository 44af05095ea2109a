CREATE TABLE "swap_cross_chain_fills" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"quote_id" text NOT NULL,
	"send_id" text NOT NULL,
	"status" text NOT NULL,
	"legs" jsonb NOT NULL,
	"output_amount" text,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "swap_cross_chain_fills_quote_id_unique" UNIQUE("quote_id")
);
--> statement-breakpoint
ALTER TABLE "swap_cross_chain_fills" ADD CONSTRAINT "swap_cross_chain_fills_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_cross_chain_fills" ADD CONSTRAINT "swap_cross_chain_fills_quote_id_swap_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "swap_quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_cross_chain_fills" ADD CONSTRAINT "swap_cross_chain_fills_send_id_send_transactions_id_fk" FOREIGN KEY ("send_id") REFERENCES "send_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "swap_cross_chain_fills_organization_idx" ON "swap_cross_chain_fills" USING btree ("organization_id");