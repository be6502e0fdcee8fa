import { sql } from 'drizzle-orm';
import type { TestApp } from './test-app';

export interface DefaultSetTask {
  reminderId: string;
  name: string;
  maintenanceFrequencyId: number;
}

/**
 * The default set a new corporation gets, as the catalogue holds it: the shared tasks with a
 * default position, in that order, each at its catalogue frequency.
 */
export function catalogueDefaultSet(t: Pick<TestApp, 'rows'>): Promise<DefaultSetTask[]> {
  return t.rows<DefaultSetTask>(sql`
    select id as "reminderId", name, default_frequency_id as "maintenanceFrequencyId"
      from reminders
     where tenant_id is null and active and default_position is not null
     order by default_position, name`);
}
