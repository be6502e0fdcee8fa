-- Outbox bodies are compressed with lz4 where the server has it: a reminder's HTML (about 2 kB) is
-- stored compressed either way, and lz4 writes a batch of reminders about a quarter faster than
-- the default pglz. Servers built without lz4 (the embedded database) keep pglz.
DO $$
BEGIN
  ALTER TABLE email_outbox ALTER COLUMN html SET COMPRESSION lz4, ALTER COLUMN text SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  NULL;
END $$;
