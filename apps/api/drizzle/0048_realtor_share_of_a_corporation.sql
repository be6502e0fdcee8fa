-- A realtor's clients are all of one corporation, so the planner must not multiply the
-- corporation's share of the clients by the realtor's: it would expect a realtor's thousands of
-- clients to be a handful, and plan the realtor's grid filtered by a home's systems as if it were.
CREATE STATISTICS client_users_tenant_realtor (dependencies, mcv) ON tenant_id, realtor_id FROM client_users;
--> statement-breakpoint
ANALYZE client_users;
