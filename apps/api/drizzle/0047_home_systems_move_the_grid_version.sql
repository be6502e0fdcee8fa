-- A home's systems decide which rows the client grid's systems filters keep ("likely replacement
-- soon", an age), so a change to them moves the corporation's grid version like a change to its
-- clients or properties (migration 0008, docs/decisions/036): a total so filtered can then be kept.
CREATE TRIGGER client_grid_changing BEFORE INSERT OR UPDATE OR DELETE ON home_systems
  FOR EACH STATEMENT EXECUTE FUNCTION client_grid_changing();
--> statement-breakpoint
CREATE TRIGGER client_grid_inserted AFTER INSERT ON home_systems REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_grid_changed();
--> statement-breakpoint
CREATE TRIGGER client_grid_updated AFTER UPDATE ON home_systems
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_grid_changed();
--> statement-breakpoint
CREATE TRIGGER client_grid_deleted AFTER DELETE ON home_systems REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_grid_changed();
--> statement-breakpoint
CREATE TRIGGER client_grid_truncated AFTER TRUNCATE ON home_systems
  FOR EACH STATEMENT EXECUTE FUNCTION client_grid_truncated();
