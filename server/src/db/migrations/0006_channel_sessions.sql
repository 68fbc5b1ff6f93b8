CREATE TABLE "channel_phone_contacts" (
	"connection_id" integer NOT NULL,
	"number" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"saved" boolean DEFAULT false NOT NULL,
	"chat" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_phone_contacts_connection_id_number_pk" PRIMARY KEY("connection_id","number")
);
--> statement-breakpoint
CREATE TABLE "channel_session_keys" (
	"connection_id" integer NOT NULL,
	"type" text NOT NULL,
	"key_id" text NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_session_keys_connection_id_type_key_id_pk" PRIMARY KEY("connection_id","type","key_id")
);
--> statement-breakpoint
CREATE TABLE "channel_sessions" (
	"connection_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"creds" jsonb NOT NULL,
	"last_message_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_phone_contacts" ADD CONSTRAINT "channel_phone_contacts_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_session_keys" ADD CONSTRAINT "channel_session_keys_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_sessions" ADD CONSTRAINT "channel_sessions_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_sessions" ADD CONSTRAINT "channel_sessions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;