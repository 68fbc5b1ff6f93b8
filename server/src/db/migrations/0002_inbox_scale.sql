DROP INDEX "tickets_company_user_idx";--> statement-breakpoint
DROP INDEX "tickets_company_recent_idx";--> statement-breakpoint
CREATE INDEX "tickets_status_recent_idx" ON "tickets" USING btree ("company_id","status","updated_at","id","queue_id","user_id","is_group","unread_messages","connection_id","contact_id");--> statement-breakpoint
CREATE INDEX "tickets_user_recent_idx" ON "tickets" USING btree ("company_id","user_id","status","updated_at","id","queue_id","is_group","unread_messages");--> statement-breakpoint
CREATE INDEX "tickets_company_recent_idx" ON "tickets" USING btree ("company_id","updated_at","id","status","queue_id","user_id","is_group","connection_id","contact_id");--> statement-breakpoint
-- The lists test a ticket's status and owner together (a waiting ticket has no owner, an open one has).
-- Without statistics on the pair PostgreSQL takes them for unrelated, misjudges how many tickets a tab
-- holds by an order of magnitude and picks a plan that reads every one of them.
CREATE STATISTICS IF NOT EXISTS "tickets_status_user_stats" (mcv) ON "status", "user_id" FROM "tickets";--> statement-breakpoint
ANALYZE "tickets";
