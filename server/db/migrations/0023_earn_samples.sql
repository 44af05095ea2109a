CREATE TABLE "earn_samples" (
	"id" text PRIMARY KEY NOT NULL,
	"wrapper_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"sampled_at" timestamp with time zone NOT NULL,
	"gross_apy" text NOT NULL,
	"net_apy" text NOT NULL,
	"wrapper_assets" text NOT NULL,
	"vault_assets" text NOT NULL,
	"wrapper_usd" text,
	"vault_usd" text
);
--> statement-breakpoint
ALTER TABLE "earn_samples" ADD CONSTRAINT "earn_samples_wrapper_id_earn_wrappers_id_fk" FOREIGN KEY ("wrapper_id") REFERENCES "earn_wrappers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "earn_samples_wrapper_idx" ON "earn_samples" USING btree ("wrapper_id","sampled_at");--> statement-breakpoint
CREATE INDEX "earn_samples_sampled_at_idx" ON "earn_samples" USING btree ("sampled_at");