DROP INDEX "client_users_tenant_id_realtor_id_index";--> statement-breakpoint
DROP INDEX "client_users_tenant_id_last_name_first_name_index";--> statement-breakpoint
CREATE INDEX "client_users_tenant_name_idx" ON "client_users" USING btree ("tenant_id",lower("last_name"),lower("first_name"),"id");--> statement-breakpoint
CREATE INDEX "client_users_tenant_realtor_name_idx" ON "client_users" USING btree ("tenant_id","realtor_id",lower("last_name"),lower("first_name"),"id");