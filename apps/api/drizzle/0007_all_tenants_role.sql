-- Work across corporations as a role of its own (docs/decisions/033).
--
-- Until now one role served both scopes, with a policy of `tenant_id = <setting> OR
-- <all-tenants setting> = 'on'`. PostgreSQL cannot estimate such an OR: it took every tenant
-- table to hold a fraction of the rows the query's own `tenant_id = ...` selects, and chose nested
-- loops where hash joins were right (a 5 000-client count took twice as long in a database of
-- 1 000 000 clients as in one of 10 000). With one policy per role and no OR, the policy's
-- equality joins the query's in one equivalence class: it is checked once per statement, and the
-- estimates are the table statistics'.
--
--   homeminder_app          one corporation's rows: tenant_id = set_config('app.tenant_id')
--   homeminder_all_tenants  every corporation's rows, for the system tasks that span them
--
-- Neither owns anything or may bypass the policies; a role with no policy of its own sees nothing.

DO $$
BEGIN
  CREATE ROLE homeminder_all_tenants NOLOGIN;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL;
END $$;
--> statement-breakpoint
DO $$
BEGIN
  IF NOT pg_has_role(current_user, 'homeminder_all_tenants', 'MEMBER') THEN
    EXECUTE format('GRANT homeminder_all_tenants TO %I', current_user);
  END IF;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO homeminder_all_tenants;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO homeminder_all_tenants;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO homeminder_all_tenants;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO homeminder_all_tenants;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO homeminder_all_tenants;
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
    EXECUTE format(
      'ALTER POLICY tenant_isolation ON %I TO homeminder_app USING ('
      || 'tenant_id = (select nullif(current_setting(''app.tenant_id'', true), '''')::uuid))',
      tenant_table
    );
    EXECUTE format(
      'CREATE POLICY all_tenants ON %I TO homeminder_all_tenants USING (true) WITH CHECK (true)',
      tenant_table
    );
  END LOOP;
END $$;
--> statement-breakpoint
ALTER POLICY tenant_isolation ON corporations TO homeminder_app USING (
  id = (select nullif(current_setting('app.tenant_id', true), '')::uuid)
);
--> statement-breakpoint
CREATE POLICY all_tenants ON corporations TO homeminder_all_tenants USING (true) WITH CHECK (true);
