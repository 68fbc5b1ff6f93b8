DROP INDEX "ticket_logs_company_create_idx";--> statement-breakpoint
DROP INDEX "ticket_trackings_ticket_idx";--> statement-breakpoint
DROP INDEX "tickets_company_created_idx";--> statement-breakpoint
DROP INDEX "user_ratings_ticket_idx";--> statement-breakpoint
CREATE INDEX "ticket_logs_create_idx" ON "ticket_logs" USING btree ("ticket_id","user_id") WHERE "ticket_logs"."type" = 'create';--> statement-breakpoint
CREATE INDEX "ticket_trackings_ticket_idx" ON "ticket_trackings" USING btree ("ticket_id","user_id","queued_at","started_at","finished_at","rating_at","rated");--> statement-breakpoint
CREATE INDEX "tickets_company_created_idx" ON "tickets" USING btree ("company_id","created_at","id","status","user_id","queue_id","connection_id");--> statement-breakpoint
CREATE INDEX "user_ratings_ticket_idx" ON "user_ratings" USING btree ("ticket_id","user_id","rate");