import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDriver } from '../test/test-app';

describeEachDriver('liveness and readiness', (t) => {
  it('is ready once the database responds and holds this code migrations, not before', async () => {
    expect((await t.api({ path: '/health' })).statusCode).toBe(200);
    const ready = await t.api({ path: '/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });

    // A database one migration behind this code: the node must not get traffic.
    const [last] = await t.rows<{ id: number; created_at: string }>(
      sql`select id, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    await t.database.ownerDb.execute(
      sql`update drizzle.__drizzle_migrations set created_at = 0 where id = ${last!.id}`,
    );
    try {
      const behind = await t.api({ path: '/ready' });
      expect(behind.statusCode).toBe(503);
      expect(behind.json()).toEqual({ status: 'not ready' });
      // Liveness does not care: the process is fine.
      expect((await t.api({ path: '/health' })).statusCode).toBe(200);
    } finally {
      await t.database.ownerDb.execute(
        sql`update drizzle.__drizzle_migrations set created_at = ${last!.created_at} where id = ${last!.id}`,
      );
    }
    expect((await t.api({ path: '/ready' })).statusCode).toBe(200);
  });
});
