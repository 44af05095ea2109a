ALTER TABLE "notification_settings" ADD COLUMN "vote_needed_email" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "email_message_id" text;