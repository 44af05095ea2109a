CREATE TABLE "onramp_webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"credential_id" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "onramp_webhook_deliveries_signed_idx" ON "onramp_webhook_deliveries" USING btree ("signed_at");