CREATE TABLE "evm_history" (
	"id" text PRIMARY KEY NOT NULL,
	"caip2" text NOT NULL,
	"address" text NOT NULL,
	"tx_hash" text NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	"tx_index" integer NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text,
	"fee" text NOT NULL,
	"transfers" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evm_history_cursors" (
	"caip2" text PRIMARY KEY NOT NULL,
	"next_block" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "send_transactions" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "send_transactions" ADD COLUMN "broadcast_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "evm_history_tx_idx" ON "evm_history" USING btree ("caip2","address","tx_hash");--> statement-breakpoint
CREATE INDEX "evm_history_order_idx" ON "evm_history" USING btree ("caip2","address","block_number","tx_index");