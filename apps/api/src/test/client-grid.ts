import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ClientGrid } from '@homeminder/shared/contracts/clients';
import { ACME_TENANT_ID } from '../db/demo-data';
import type { TestApp } from './test-app';

/** The distinct clients on a grid page, in the order their first row shows. */
export const clientsOf = (page: ClientGrid): string[] => [...new Set(page.items.map((row) => row.clientId))];

/**
 * The client grid's first page of `pageSize` rows as a demo user sees it (the manager unless told),
 * and how many grid rows (one a property, one for a client without any) Acme's given clients make:
 * what a filtered total must equal. `exportLines` are the lines of the grid's CSV export, header
 * first, without the byte-order mark.
 */
export function clientGridOf(t: TestApp, token: (email: string) => string, pageSize: number) {
  const grid = async (body: object, as = 'manager@acme.test'): Promise<ClientGrid> => {
    const response = await t.api({
      method: 'POST',
      path: '/clients/grid',
      token: token(as),
      body: { page: 1, pageSize, ...body },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ClientGrid>();
  };
  /** "Next" in the client's details: the row after `currentId` under the same query. */
  const nextRow = async (body: object, currentId: string, as = 'manager@acme.test'): Promise<ClientGrid> => {
    const response = await t.api({
      method: 'POST',
      path: '/clients/nextTenant',
      token: token(as),
      body: { ...body, currentId },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ClientGrid>();
  };
  const rowsOf = async (clientIds: string[]): Promise<number> => {
    const [row] = await t.rows<{ n: number }>(sql`select count(*)::int as n from client_users c
      left join properties p on p.tenant_id = c.tenant_id and p.client_user_id = c.id
      where c.tenant_id = ${ACME_TENANT_ID} and c.id in (${sql.join(clientIds, sql`, `)})`);
    return row!.n;
  };
  const exportLines = async (body: object, as = 'manager@acme.test'): Promise<string[]> => {
    const exported = await t.api({ method: 'POST', path: '/clients/export', token: token(as), body });
    expect(exported.statusCode, exported.body).toBe(200);
    return exported.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
  };
  return { grid, nextRow, rowsOf, exportLines };
}
