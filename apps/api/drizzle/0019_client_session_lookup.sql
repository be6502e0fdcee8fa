-- A session now belongs to a staff member or to a homeowner (docs/decisions/062): the lookup of
-- migration 0009 answers either, with `is_client` saying which. A homeowner holds no role and no
-- privilege, and stays signed in while their homes are paused. The answer's columns change, so the function is made again, with the same owner and
-- grants as before.
DROP FUNCTION session_by_token(text);
--> statement-breakpoint
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
  privilege_names text[],
  is_client boolean
)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  RETURN QUERY
  SELECT s.token_hash, s.parent_token_hash, s.expires_at, s.revoked_at,
         coalesce(u.id, cu.id), s.tenant_id, coalesce(u.email, cu.email),
         coalesce(u.first_name, cu.first_name), coalesce(u.last_name, cu.last_name),
         -- A client's own flag follows their properties (a client with every home paused is
         -- "disabled"), so it does not end a homeowner's session: only deleting the client does.
         coalesce(u.enabled, true),
         c.enabled, c.name, c.is_system,
         -- Role names in code-point order, whatever the database's collation.
         ARRAY(SELECT r.role_name FROM user_roles r
               WHERE r.tenant_id = s.tenant_id AND r.user_id = s.user_id ORDER BY r.role_name COLLATE "C"),
         ARRAY(SELECT DISTINCT p.privilege_name FROM user_roles r
               JOIN role_privileges p ON p.role_name = r.role_name
               WHERE r.tenant_id = s.tenant_id AND r.user_id = s.user_id ORDER BY p.privilege_name),
         s.client_user_id IS NOT NULL
  FROM sessions s
  LEFT JOIN tenant_users u ON u.tenant_id = s.tenant_id AND u.id = s.user_id
  LEFT JOIN client_users cu ON cu.tenant_id = s.tenant_id AND cu.id = s.client_user_id
  JOIN corporations c ON c.id = s.tenant_id
  WHERE s.token_hash = wanted_token_hash AND (u.id IS NOT NULL OR cu.id IS NOT NULL);
END $$;
--> statement-breakpoint
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
  EXECUTE format('GRANT EXECUTE ON FUNCTION session_by_token(text) TO %I, homeminder_all_tenants', current_user);
  EXECUTE 'GRANT EXECUTE ON FUNCTION session_by_token(text) TO homeminder_app';
END $$;
