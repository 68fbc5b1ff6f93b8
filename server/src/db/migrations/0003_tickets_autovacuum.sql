-- Every inbound message rewrites its ticket's row (preview, unread count, updated_at), so a busy
-- company turns over its open tickets many times a day. PostgreSQL's default autovacuum waits for
-- dead rows worth 20% of the table (200,000 at a million tickets); until then the pages holding
-- them are not all-visible, and the ticket lists, which read their covering indexes alone only on
-- all-visible pages, visit a row of the table for every ticket they pass instead. At 2% vacuum
-- keeps the visibility map current at a small cost (the table is read once per 2% of it changed).
ALTER TABLE "tickets" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02);
