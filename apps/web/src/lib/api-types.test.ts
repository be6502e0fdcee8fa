// The web's calls take their types from the shared route map (docs/decisions/056). These checks are
// made by `npm run typecheck` (tsc reads this file); each `@ts-expect-error` fails it as soon as
// the call it marks would compile, so a call that lost its typing is caught.
import { describe, expectTypeOf, it } from 'vitest';
import type { BulkPage } from '@homeminder/shared/contracts/bulk';
import type { ClientDetail, ClientGrid } from '@homeminder/shared/contracts/clients';
import type { HomeSummary } from '@homeminder/shared/contracts/identity';
import { api, downloadFile } from './http';

/** Written out, never run: only the compiler reads these calls. */
function calls() {
  expectTypeOf(
    api.get('/clients/client/:id', { params: { id: 'c-1' } }),
  ).resolves.toEqualTypeOf<ClientDetail>();
  expectTypeOf(
    api.post('/clients/grid', { body: { page: 2, status: 'pending' } }),
  ).resolves.toEqualTypeOf<ClientGrid>();
  expectTypeOf(api.get('/home/summary')).resolves.toEqualTypeOf<HomeSummary>();
  expectTypeOf(
    api.get('/bulk/:tenantID/:page/:pageSize', {
      params: { tenantID: 't-1', page: 1, pageSize: 10 },
      query: { filter: 'problems' },
    }),
  ).resolves.toEqualTypeOf<BulkPage>();
  expectTypeOf(api.delete('/clients/clientUser/:id', { params: { id: 'c-1' } })).resolves.toBeVoid();

  // @ts-expect-error a field the grid query's contract does not have
  void api.post('/clients/grid', { body: { pageNumber: 2 } });
  // @ts-expect-error a value the grid query's status does not take
  void api.post('/clients/grid', { body: { status: 'archived' } });
  // @ts-expect-error the response's contract has no such field
  void api.get('/home/summary').then((summary) => void summary.noSuchCount);
  // @ts-expect-error the route's path parameter is missing
  void api.get('/clients/client/:id');
  // @ts-expect-error a parameter the path does not have
  void api.get('/clients/client/:id', { params: { clientId: 'c-1' } });
  // @ts-expect-error a path the route map does not have
  void api.get('/clients/nowhere');
  // @ts-expect-error the route is a POST, not a GET
  void api.get('/clients/grid');
  // @ts-expect-error a route that takes no body
  void api.get('/home/summary', { body: {} });
  // @ts-expect-error the login body's contract needs the password
  void api.post('/auth/login/', { body: { username: 'a@b.test' } });
  // @ts-expect-error the export takes the grid query as its body
  void downloadFile('POST /clients/export', { body: { sorting: 'name' } });
}

describe('the typed API calls', () => {
  it('are checked against the shared contracts when the web app is type-checked', () => {
    expectTypeOf(calls).toBeFunction();
  });
});
