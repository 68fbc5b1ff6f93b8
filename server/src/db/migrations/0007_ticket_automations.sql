CREATE TABLE "ticket_automations" (
	"ticket_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"stage" text DEFAULT 'queue' NOT NULL,
	"option_id" integer,
	"last_message_id" bigint DEFAULT 0 NOT NULL,
	"menu_sent_at" timestamp with time zone,
	"inactive_sent_for" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticket_automations" ADD CONSTRAINT "ticket_automations_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_automations" ADD CONSTRAINT "ticket_automations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_automations" ADD CONSTRAINT "ticket_automations_option_id_queue_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."queue_options"("id") ON DELETE set null ON UPDATE no action;