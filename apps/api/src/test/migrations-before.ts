import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatabaseHandle } from '../db/client';

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * Brings a fresh database to where it stood before the migration `tag`, as an installation that
 * has not upgraded yet: the migrations before it applied, that one and the later ones not.
 */
export async function migrateBefore(database: DatabaseHandle, tag: string): Promise<void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'homeminder-migrations-'));
  try {
    cpSync(migrationsFolder, folder, { recursive: true });
    const journalPath = path.join(folder, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
    const stop = journal.entries.findIndex((entry) => entry.tag === tag);
    if (stop < 0) throw new Error(`no migration ${tag}`);
    journal.entries = journal.entries.slice(0, stop);
    writeFileSync(journalPath, JSON.stringify(journal));
    if (database.driver === 'pglite') {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(database.ownerDb as never, { migrationsFolder: folder });
    } else {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      await migrate(database.ownerDb as never, { migrationsFolder: folder });
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
