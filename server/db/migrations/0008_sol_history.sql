CREATE TABLE "sol_history" (
	"id" text PRIMARY KEY NOT NULL,
	"caip2" text NOT NULL,
	"address" text NOT NULL,
	"signature" text NOT NULL,
	"slot" bigint NOT NULL,
	"seq" integer NOT NULL,
	"block_hash" text NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	"fee_payer" text NOT NULL,
	"signers" jsonb NOT NULL,
	"fee" text NOT NULL,
	"err" jsonb,
	"transfers" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sol_history_cursors" (
	"caip2" text NOT NULL,
	"address" text NOT NULL,
	"newest" jsonb NOT NULL,
	"next_seq" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sol_history_cursors_caip2_address_pk" PRIMARY KEY("caip2","address")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sol_history_tx_idx" ON "sol_history" USING btree ("caip2","address","signature");--> statement-breakpoint
CREATE INDEX "sol_history_order_idx" ON "sol_history" USING btree ("caip2","address","slot","seq");