CREATE TABLE "earn_position_samples" (
	"id" text PRIMARY KEY NOT NULL,
	"wrapper_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"wallet_address" text NOT NULL,
	"sampled_at" timestamp with time zone NOT NULL,
	"shares" text NOT NULL,
	"assets" text NOT NULL,
	"assets_usd" text
);
--> statement-breakpoint
ALTER TABLE "earn_position_samples" ADD CONSTRAINT "earn_position_samples_wrapper_id_earn_wrappers_id_fk" FOREIGN KEY ("wrapper_id") REFERENCES "earn_wrappers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "earn_position_samples_holder_idx" ON "earn_position_samples" USING btree ("wrapper_id","wallet_address","sampled_at");--> statement-breakpoint
CREATE INDEX "earn_position_samples_sampled_at_idx" ON "earn_position_samples" USING btree ("sampled_at");