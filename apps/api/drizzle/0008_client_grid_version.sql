-- The client grid's totals are kept per corporation and version (docs/decisions/036): every change
-- to a corporation's clients or properties moves its `client_grid_version` on, in the same
-- transaction, so a total counted at one version is right for as long as the version stands.
ALTER TABLE "corporations" ADD COLUMN "client_grid_version" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Inside one corporation's scope the version moves before the statement touches a row. The
-- corporation's row is then locked before any client row, as `licenseUse` locks it before a
-- property is written, so two writers always take the two locks in the same order.
CREATE FUNCTION client_grid_changing() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  scoped uuid := nullif(current_setting('app.tenant_id', true), '')::uuid;
BEGIN
  IF scoped IS NOT NULL THEN
    UPDATE corporations SET client_grid_version = client_grid_version + 1 WHERE id = scoped;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Outside one corporation's scope (system tasks, maintenance) the changed rows say whose they
-- were; corporations are locked in the order of their ids.
CREATE FUNCTION client_grid_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid[];
BEGIN
  IF nullif(current_setting('app.tenant_id', true), '') IS NOT NULL THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT tenant_id) INTO changed FROM new_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(DISTINCT tenant_id) INTO changed
    FROM (SELECT tenant_id FROM new_rows UNION ALL SELECT tenant_id FROM old_rows) AS touched;
  ELSE
    SELECT array_agg(DISTINCT tenant_id) INTO changed FROM old_rows;
  END IF;
  IF changed IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM corporations WHERE id = ANY (changed) ORDER BY id FOR NO KEY UPDATE;
  UPDATE corporations SET client_grid_version = client_grid_version + 1 WHERE id = ANY (changed);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION client_grid_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE corporations SET client_grid_version = client_grid_version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  grid_table text;
BEGIN
  FOREACH grid_table IN ARRAY ARRAY['client_users', 'properties'] LOOP
    EXECUTE format(
      'CREATE TRIGGER client_grid_changing BEFORE INSERT OR UPDATE OR DELETE ON %I '
      || 'FOR EACH STATEMENT EXECUTE FUNCTION client_grid_changing()', grid_table);
    EXECUTE format(
      'CREATE TRIGGER client_grid_inserted AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows '
      || 'FOR EACH STATEMENT EXECUTE FUNCTION client_grid_changed()', grid_table);
    EXECUTE format(
      'CREATE TRIGGER client_grid_updated AFTER UPDATE ON %I '
      || 'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows '
      || 'FOR EACH STATEMENT EXECUTE FUNCTION client_grid_changed()', grid_table);
    EXECUTE format(
      'CREATE TRIGGER client_grid_deleted AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows '
      || 'FOR EACH STATEMENT EXECUTE FUNCTION client_grid_changed()', grid_table);
    EXECUTE format(
      'CREATE TRIGGER client_grid_truncated AFTER TRUNCATE ON %I '
      || 'FOR EACH STATEMENT EXECUTE FUNCTION client_grid_truncated()', grid_table);
  END LOOP;
END $$;
