-- Row-level security on every tenant table (docs/decisions/034-row-level-security.md).
--
-- The server works as the role homeminder_app, which owns nothing, and says in each transaction
-- which corporation it acts for: set_config('app.tenant_id', <id>, true), or, for the few system
-- tasks that span corporations (signing in, the reminder dispatcher, the operator's lists),
-- set_config('app.all_tenants', 'on', true). A query that forgets its tenant filter therefore
-- sees and changes only the rows of the corporation its transaction was opened for, and a
-- transaction that names none sees no tenant rows at all. FORCE applies the policies to the
-- tables' owner too; only a superuser or a role with BYPASSRLS (migrations, a DBA) goes around them.

-- The role is shared by every database of the cluster; parallel migrations may race to create it.
DO $$
BEGIN
  CREATE ROLE homeminder_app NOLOGIN;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL;
END $$;
--> statement-breakpoint
DO $$
BEGIN
  -- The migrating user switches to the role per transaction, so it must be a member of it.
  IF NOT pg_has_role(current_user, 'homeminder_app', 'MEMBER') THEN
    EXECUTE format('GRANT homeminder_app TO %I', current_user);
  END IF;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO homeminder_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO homeminder_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO homeminder_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO homeminder_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO homeminder_app;
--> statement-breakpoint
DO $$
DECLARE
  tenant_table text;
BEGIN
  FOREACH tenant_table IN ARRAY ARRAY[
    'tenant_users', 'user_roles', 'client_users', 'properties', 'reminder_subscriptions',
    'notification_dismissals', 'templates', 'bulk_items', 'sessions', 'password_resets',
    'audit_log', 'email_outbox'
  ] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', tenant_table);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', tenant_table);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING ('
      || 'tenant_id = nullif(current_setting(''app.tenant_id'', true), '''')::uuid'
      || ' OR current_setting(''app.all_tenants'', true) = ''on'')',
      tenant_table
    );
  END LOOP;
END $$;
--> statement-breakpoint
-- A corporation's own row is its tenant's; the list of corporations is the operator's.
ALTER TABLE corporations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE corporations FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON corporations USING (
  id = nullif(current_setting('app.tenant_id', true), '')::uuid
  OR current_setting('app.all_tenants', true) = 'on'
);
