-- A signed-in request's session, user, corporation, roles and privileges in one statement, with no
-- transaction around it (docs/decisions/037). Until now every signed-in request opened a
-- transaction as the all-tenants role for this lookup alone: five round trips (BEGIN, the role,
-- the session, the roles and privileges, COMMIT) where one does.
--
-- The function runs as homeminder_all_tenants (SECURITY DEFINER), whose policies let it read
-- every corporation's rows, and answers only the session whose token hash it is given: knowing a
-- token hash is knowing the token. PL/pgSQL, so each connection plans its query once.
CREATE FUNCTION session_by_token(wanted_token_hash text)
RETURNS TABLE (
  token_hash text,
  parent_token_hash text,
  expires_at timestamptz,
  revoked_at timestamptz,
  user_id uuid,
  tenant_id uuid,
  email text,
  first_name text,
  last_name text,
  user_enabled boolean,
  corporation_enabled boolean,
  corporation_name text,
  corporation_is_system boolean,
  role_names text[],
  privilege_names text[]
)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  RETURN QUERY
  SELECT s.token_hash, s.parent_token_hash, s.expires_at, s.revoked_at,
         u.id, u.tenant_id, u.email, u.first_name, u.last_name, u.enabled,
         c.enabled, c.name, c.is_system,
         -- Role names in code-point order, whatever the database's collation.
         ARRAY(SELECT r.role_name FROM user_roles r
               WHERE r.tenant_id = u.tenant_id AND r.user_id = u.id ORDER BY r.role_name COLLATE "C"),
         ARRAY(SELECT DISTINCT p.privilege_name FROM user_roles r
               JOIN role_privileges p ON p.role_name = r.role_name
               WHERE r.tenant_id = u.tenant_id AND r.user_id = u.id ORDER BY p.privilege_name)
  FROM sessions s
  JOIN tenant_users u ON u.tenant_id = s.tenant_id AND u.id = s.user_id
  JOIN corporations c ON c.id = s.tenant_id
  WHERE s.token_hash = wanted_token_hash;
END $$;
--> statement-breakpoint
-- Only a superuser may give a function to a role that cannot create in its schema; anyone else
-- lends the role that right for the moment of the change.
DO $$
DECLARE
  superuser boolean := (SELECT rolsuper FROM pg_roles WHERE rolname = current_user);
BEGIN
  IF NOT superuser THEN
    GRANT CREATE ON SCHEMA public TO homeminder_all_tenants;
  END IF;
  ALTER FUNCTION session_by_token(text) OWNER TO homeminder_all_tenants;
  IF NOT superuser THEN
    REVOKE CREATE ON SCHEMA public FROM homeminder_all_tenants;
  END IF;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION session_by_token(text) FROM PUBLIC;
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('GRANT EXECUTE ON FUNCTION session_by_token(text) TO %I, homeminder_app, homeminder_all_tenants', current_user);
END $$;
