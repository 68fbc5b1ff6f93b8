DROP INDEX "contacts_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (chatflow_fold("contacts"."name" || ' ' || "contacts"."number" || ' ' || "contacts"."email")) STORED;--> statement-breakpoint
CREATE INDEX "contacts_search_text_trgm_idx" ON "contacts" USING gin ("search_text" gin_trgm_ops);