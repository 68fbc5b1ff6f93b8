CREATE TABLE "payment_notice_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"outcome" text NOT NULL,
	"company_id" integer,
	"invoice_id" integer,
	"charge_id" integer,
	"reported_amount" numeric(10, 2),
	"charge_amount" numeric(10, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_charges" ADD COLUMN "plan_id" integer;--> statement-breakpoint
ALTER TABLE "invoice_charges" ADD COLUMN "detail" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_charges" ADD COLUMN "users" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_charges" ADD COLUMN "connections" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_charges" ADD COLUMN "queues" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_charges" ADD COLUMN "status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_charges" ADD COLUMN "provider_ref" text;--> statement-breakpoint
ALTER TABLE "payment_notice_log" ADD CONSTRAINT "payment_notice_log_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_notice_log" ADD CONSTRAINT "payment_notice_log_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_notice_log" ADD CONSTRAINT "payment_notice_log_charge_id_invoice_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."invoice_charges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_notice_log_notice_unique" ON "payment_notice_log" USING btree ("provider","provider_payment_id","outcome");--> statement-breakpoint
CREATE INDEX "payment_notice_log_created_idx" ON "payment_notice_log" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "invoice_charges" ADD CONSTRAINT "invoice_charges_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Charges made before this migration bought what their invoice holds now; one whose amount differs from
-- the invoice's is an older price of a re-priced invoice, so it no longer pays it.
UPDATE "invoice_charges" AS c
SET "plan_id" = i."plan_id", "detail" = i."detail", "users" = i."users", "connections" = i."connections", "queues" = i."queues",
    "status" = CASE WHEN c."paid_at" IS NOT NULL THEN 'paid' WHEN c."value" <> i."value" THEN 'superseded' ELSE 'open' END
FROM "invoices" AS i
WHERE i."id" = c."invoice_id";
