import { and, eq, ilike, sql } from 'drizzle-orm';
import { PgDialect, QueryBuilder } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { clientUsers } from '../../db/schema';
import { KeptStatement } from './kept-statement';

const dialect = new PgDialect();
const builder = new QueryBuilder();

/** The same query, written with placeholders or with the values themselves. */
function clientsNamed(tenantId: unknown, pattern: unknown, limit: unknown) {
  return builder
    .select({ id: sql<string>`${clientUsers.id}`.as('client_id') })
    .from(clientUsers)
    .where(and(eq(clientUsers.tenantId, tenantId as string), ilike(clientUsers.lastName, pattern as string)))
    .limit(limit as number);
}

describe('KeptStatement', () => {
  it('binds each request’s values into the statement Drizzle wrote once', () => {
    const kept = new KeptStatement<{ id: string }>(
      clientsNamed(sql.placeholder('tenantId'), sql.placeholder('pattern'), sql.placeholder('limit')),
      [['id', 'client_id']],
    );
    for (const [tenantId, pattern, limit] of [
      ['tenant-a', '%smith%', 10],
      ['tenant-b', '%o$1%', 25],
    ] as const) {
      const { sql: text, params } = dialect.sqlToQuery(kept.bind({ tenantId, pattern, limit }));
      expect({ text, params }).toEqual({
        text: clientsNamed(tenantId, pattern, limit).toSQL().sql,
        params: [tenantId, pattern, limit],
      });
    }
  });

  it('refuses a statement whose text holds a $n that is not one of its parameters', () => {
    const query = builder
      .select({ id: sql<string>`${clientUsers.id}`.as('client_id') })
      .from(clientUsers)
      .where(sql`${clientUsers.lastName} <> '$1'`);
    expect(() => new KeptStatement(query, [['id', 'client_id']])).toThrow(/\$n/);
  });
});
