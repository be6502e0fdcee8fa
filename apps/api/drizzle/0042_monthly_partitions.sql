CREATE TABLE "reminder_email_keys" (
	"tenant_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "reminder_email_keys_tenant_id_subscription_id_due_at_kind_pk" PRIMARY KEY("tenant_id","subscription_id","due_at","kind")
);
--> statement-breakpoint
SELECT isolate_tenant_table('reminder_email_keys');
--> statement-breakpoint
-- Hand-written: the audit log and the outbox partitioned by month of when a row was written
-- (docs/decisions/108), so that keeping 13 months of mail or 7 years of audit is dropping a table a
-- month rather than deleting rows. Months are `<table>_YYYY_MM`, in UTC, one after another; below
-- the first is `<table>_earlier` and above the last `<table>_later`, so that a row of any moment has
-- a place, and a month made later is split off them with its rows. No default partition: with
-- bounded ranges only, a newest-first page reads the newest months and stops.
--
-- Partitions are reached only through their table, where row-level security applies: the roles'
-- default grants on new tables are taken back from each.
CREATE FUNCTION month_partition_column(parent regclass) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT a.attname::text FROM pg_partitioned_table t
    JOIN pg_attribute a ON a.attrelid = t.partrelid AND a.attnum = t.partattrs[0]
   WHERE t.partrelid = parent
$$;
--> statement-breakpoint
CREATE FUNCTION split_month_partition(parent regclass, catch_all text, month timestamp)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  key_column text := month_partition_column(parent);
  month_table text := parent::text || to_char(month, '"_"YYYY"_"MM');
  month_start timestamptz := month AT TIME ZONE 'UTC';
  month_end timestamptz := (month + interval '1 month') AT TIME ZONE 'UTC';
BEGIN
  EXECUTE format('ALTER TABLE %s DETACH PARTITION %I', parent, catch_all);
  EXECUTE format('CREATE TABLE %I (LIKE %s INCLUDING DEFAULTS INCLUDING COMPRESSION)', month_table, parent);
  EXECUTE format(
    'WITH moved AS (DELETE FROM %I WHERE %I >= %L AND %I < %L RETURNING *) INSERT INTO %I SELECT * FROM moved',
    catch_all, key_column, month_start, key_column, month_end, month_table);
  EXECUTE format('ALTER TABLE %s ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)',
    parent, month_table, month_start, month_end);
  IF catch_all LIKE '%\_later' THEN
    EXECUTE format('ALTER TABLE %s ATTACH PARTITION %I FOR VALUES FROM (%L) TO (MAXVALUE)', parent, catch_all, month_end);
  ELSE
    EXECUTE format('ALTER TABLE %s ATTACH PARTITION %I FOR VALUES FROM (MINVALUE) TO (%L)', parent, catch_all, month_start);
  END IF;
  EXECUTE format('REVOKE ALL ON %I FROM homeminder_app, homeminder_all_tenants', month_table);
END $$;
--> statement-breakpoint
-- The months of `parent` from `first_at`'s through `last_at`'s, made where missing; returns how many.
CREATE FUNCTION make_month_partitions(parent regclass, first_at timestamptz, last_at timestamptz)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  first_month timestamp := date_trunc('month', first_at AT TIME ZONE 'UTC');
  last_month timestamp := date_trunc('month', last_at AT TIME ZONE 'UTC');
  earliest timestamp;
  latest timestamp;
  catch_all text;
  made integer := 0;
BEGIN
  -- Nodes starting together, and the hourly upkeep beside a migration, make a month once.
  PERFORM pg_advisory_xact_lock(hashtext('month partitions'));
  SELECT min(to_date(right(c.relname, 7), 'YYYY_MM')), max(to_date(right(c.relname, 7), 'YYYY_MM'))
    INTO earliest, latest
    FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
   WHERE i.inhparent = parent AND c.relname ~ '_\d{4}_\d{2}$';
  IF earliest IS NULL THEN
    EXECUTE format('CREATE TABLE %I PARTITION OF %s FOR VALUES FROM (%L) TO (%L)',
      parent::text || to_char(first_month, '"_"YYYY"_"MM'), parent,
      first_month AT TIME ZONE 'UTC', (first_month + interval '1 month') AT TIME ZONE 'UTC');
    EXECUTE format('CREATE TABLE %I PARTITION OF %s FOR VALUES FROM (MINVALUE) TO (%L)',
      parent::text || '_earlier', parent, first_month AT TIME ZONE 'UTC');
    EXECUTE format('CREATE TABLE %I PARTITION OF %s FOR VALUES FROM (%L) TO (MAXVALUE)',
      parent::text || '_later', parent, (first_month + interval '1 month') AT TIME ZONE 'UTC');
    FOREACH catch_all IN ARRAY ARRAY[parent::text || to_char(first_month, '"_"YYYY"_"MM'),
                                     parent::text || '_earlier', parent::text || '_later'] LOOP
      EXECUTE format('REVOKE ALL ON %I FROM homeminder_app, homeminder_all_tenants', catch_all);
    END LOOP;
    earliest := first_month;
    latest := first_month;
    made := 1;
  END IF;
  WHILE earliest > first_month LOOP
    earliest := earliest - interval '1 month';
    PERFORM split_month_partition(parent, parent::text || '_earlier', earliest);
    made := made + 1;
  END LOOP;
  WHILE latest < last_month LOOP
    latest := latest + interval '1 month';
    PERFORM split_month_partition(parent, parent::text || '_later', latest);
    made := made + 1;
  END LOOP;
  RETURN made;
END $$;
--> statement-breakpoint
-- Detaches and drops the months wholly before `keep_from` (never the last), deletes rows that old
-- from `<table>_earlier` and widens it up to the first month kept; returns the months dropped.
CREATE FUNCTION drop_month_partitions(parent regclass, keep_from timestamptz)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  key_column text := month_partition_column(parent);
  month_table text;
  first_kept timestamp;
  dropped integer := 0;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('month partitions'));
  FOR month_table IN
    WITH months AS (
      SELECT c.relname, to_date(right(c.relname, 7), 'YYYY_MM') AS month
        FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
       WHERE i.inhparent = parent AND c.relname ~ '_\d{4}_\d{2}$'
    )
    SELECT relname FROM months
     WHERE (month + interval '1 month') AT TIME ZONE 'UTC' <= keep_from
       AND month < (SELECT max(month) FROM months)
     ORDER BY month
  LOOP
    EXECUTE format('ALTER TABLE %s DETACH PARTITION %I', parent, month_table);
    EXECUTE format('DROP TABLE %I', month_table);
    dropped := dropped + 1;
  END LOOP;
  EXECUTE format('DELETE FROM %I WHERE %I < %L', parent::text || '_earlier', key_column, keep_from);
  IF dropped > 0 THEN
    SELECT min(to_date(right(c.relname, 7), 'YYYY_MM')) INTO first_kept
      FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = parent AND c.relname ~ '_\d{4}_\d{2}$';
    EXECUTE format('ALTER TABLE %s DETACH PARTITION %I', parent, parent::text || '_earlier');
    EXECUTE format('ALTER TABLE %s ATTACH PARTITION %I FOR VALUES FROM (MINVALUE) TO (%L)',
      parent, parent::text || '_earlier', first_kept AT TIME ZONE 'UTC');
  END IF;
  RETURN dropped;
END $$;
--> statement-breakpoint
-- The audit log: the old table's names freed, the partitioned one made with them, every row copied
-- with its id, and the identity continuing after the highest.
ALTER TABLE audit_log RENAME TO audit_log_unpartitioned;
--> statement-breakpoint
ALTER TABLE audit_log_unpartitioned ALTER COLUMN id DROP IDENTITY;
--> statement-breakpoint
ALTER TABLE audit_log_unpartitioned DROP CONSTRAINT audit_log_tenant_id_id_pk;
--> statement-breakpoint
DROP INDEX audit_log_tenant_id_at_index, audit_log_session_idx, audit_log_client_record_idx;
--> statement-breakpoint
CREATE TABLE audit_log (LIKE audit_log_unpartitioned INCLUDING DEFAULTS INCLUDING COMPRESSION)
  PARTITION BY RANGE (at);
--> statement-breakpoint
ALTER TABLE audit_log ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY;
--> statement-breakpoint
ALTER TABLE audit_log ADD CONSTRAINT audit_log_tenant_id_id_at_pk PRIMARY KEY (tenant_id, id, at);
--> statement-breakpoint
CREATE INDEX audit_log_tenant_id_at_index ON audit_log (tenant_id, at);
--> statement-breakpoint
CREATE INDEX audit_log_session_idx ON audit_log (tenant_id, session_id) WHERE session_id IS NOT NULL;
--> statement-breakpoint
CREATE INDEX audit_log_client_record_idx ON audit_log (tenant_id, record_id, at)
  WHERE record_type = 'client-user';
--> statement-breakpoint
SELECT make_month_partitions('audit_log',
  coalesce((SELECT min(at) FROM audit_log_unpartitioned), now()), now() + interval '3 months');
--> statement-breakpoint
INSERT INTO audit_log OVERRIDING SYSTEM VALUE SELECT * FROM audit_log_unpartitioned;
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('audit_log', 'id'), coalesce((SELECT max(id) FROM audit_log), 0) + 1, false);
--> statement-breakpoint
DROP TABLE audit_log_unpartitioned;
--> statement-breakpoint
SELECT isolate_tenant_table('audit_log');
--> statement-breakpoint
-- The outbox likewise; its once-only reminder keys are copied to `reminder_email_keys`.
ALTER TABLE email_outbox RENAME TO email_outbox_unpartitioned;
--> statement-breakpoint
ALTER TABLE email_outbox_unpartitioned DROP CONSTRAINT email_outbox_tenant_id_id_pk;
--> statement-breakpoint
DROP INDEX email_outbox_pending_idx, email_outbox_tenant_created_idx, email_outbox_subscription_due_kind_key,
  email_outbox_failed_idx, email_outbox_failed_address_idx;
--> statement-breakpoint
DROP TRIGGER client_attention_inserted ON email_outbox_unpartitioned;
--> statement-breakpoint
DROP TRIGGER client_attention_updated ON email_outbox_unpartitioned;
--> statement-breakpoint
CREATE TABLE email_outbox (LIKE email_outbox_unpartitioned INCLUDING DEFAULTS INCLUDING COMPRESSION)
  PARTITION BY RANGE (created_at);
--> statement-breakpoint
ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_tenant_id_id_created_at_pk PRIMARY KEY (tenant_id, id, created_at);
--> statement-breakpoint
CREATE INDEX email_outbox_pending_idx ON email_outbox (status, next_attempt_at);
--> statement-breakpoint
CREATE INDEX email_outbox_tenant_created_idx ON email_outbox (tenant_id, created_at);
--> statement-breakpoint
CREATE UNIQUE INDEX email_outbox_subscription_due_kind_key
  ON email_outbox (tenant_id, subscription_id, due_at, kind, created_at);
--> statement-breakpoint
CREATE INDEX email_outbox_failed_idx ON email_outbox (tenant_id, created_at) WHERE status = 'failed';
--> statement-breakpoint
CREATE INDEX email_outbox_failed_address_idx ON email_outbox (tenant_id, lower(to_address), created_at)
  WHERE status = 'failed';
--> statement-breakpoint
SELECT make_month_partitions('email_outbox',
  coalesce((SELECT min(created_at) FROM email_outbox_unpartitioned), now()), now() + interval '3 months');
--> statement-breakpoint
INSERT INTO email_outbox SELECT * FROM email_outbox_unpartitioned;
--> statement-breakpoint
INSERT INTO reminder_email_keys (tenant_id, subscription_id, due_at, kind)
  SELECT DISTINCT tenant_id, subscription_id, due_at, kind FROM email_outbox_unpartitioned
   WHERE subscription_id IS NOT NULL AND due_at IS NOT NULL;
--> statement-breakpoint
DROP TABLE email_outbox_unpartitioned;
--> statement-breakpoint
SELECT isolate_tenant_table('email_outbox');
--> statement-breakpoint
CREATE TRIGGER client_attention_inserted AFTER INSERT ON email_outbox REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_attention_changed();
--> statement-breakpoint
CREATE TRIGGER client_attention_updated AFTER UPDATE ON email_outbox REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_attention_changed();
