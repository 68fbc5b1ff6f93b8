CREATE TABLE "channel_pairing_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"connection_id" integer NOT NULL,
	"code" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "media_type" text;--> statement-breakpoint
ALTER TABLE "channel_pairing_requests" ADD CONSTRAINT "channel_pairing_requests_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;