import type { DatabaseHandle } from './client';
import { withAllTenants } from './data-scope';
import { isEmptyDatabase, seedDemoData } from './demo-data';
import { ensureReferenceData } from './reference-data';

export interface PrepareOptions {
  /** Seed the demo world when the database holds no user yet. */
  seedDemo: boolean;
  now?: Date;
}

/**
 * Brings a database to the current schema and its reference data; adds the demo world only to an
 * empty database, so a real installation never gets demo accounts by accident.
 */
export async function prepareDatabase(
  database: DatabaseHandle,
  options: PrepareOptions,
): Promise<{ seeded: boolean }> {
  await database.migrate();
  const { db } = database;
  // Reference data and the demo world span corporations: set up as the system, not a tenant.
  return withAllTenants(db, async () => {
    await ensureReferenceData(db);
    if (options.seedDemo && (await isEmptyDatabase(db))) {
      return { seeded: await seedDemoData(db, options.now) };
    }
    return { seeded: false };
  });
}
