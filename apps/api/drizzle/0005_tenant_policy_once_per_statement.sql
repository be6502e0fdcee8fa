-- The tenant policies of 0004, with each setting read once per statement instead of once per row:
-- a scalar subquery becomes an InitPlan, evaluated before the scan, so counting a large
-- corporation's clients does not call current_setting() for every row (docs/decisions/034).
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
      'ALTER POLICY tenant_isolation ON %I USING ('
      || 'tenant_id = (select nullif(current_setting(''app.tenant_id'', true), '''')::uuid)'
      || ' OR (select current_setting(''app.all_tenants'', true)) = ''on'')',
      tenant_table
    );
  END LOOP;
END $$;
--> statement-breakpoint
ALTER POLICY tenant_isolation ON corporations USING (
  id = (select nullif(current_setting('app.tenant_id', true), '')::uuid)
  OR (select current_setting('app.all_tenants', true)) = 'on'
);
