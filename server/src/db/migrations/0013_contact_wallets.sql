CREATE TABLE "contact_wallets" (
	"company_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_wallets_contact_id_user_id_pk" PRIMARY KEY("contact_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "contact_wallets" ADD CONSTRAINT "contact_wallets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_wallets" ADD CONSTRAINT "contact_wallets_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_wallets" ADD CONSTRAINT "contact_wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_wallets_company_user_idx" ON "contact_wallets" USING btree ("company_id","user_id");