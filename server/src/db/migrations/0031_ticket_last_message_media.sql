ALTER TABLE "tickets" ADD COLUMN "last_message_type" text DEFAULT 'conversation' NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "last_message_media_name" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "last_message_seconds" integer;