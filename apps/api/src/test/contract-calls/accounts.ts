/** Contract calls: signing in and out, account links, acting as another, users and the own profile. */
import { ACME_TENANT_ID, DEMO_PASSWORD } from '../../db/demo-data';
import { multipartFile, testImage } from '../images';
import { outboxFor } from '../outbox';
import { tenantUserId } from '../users';
import { kept, type ContractRun } from './runner';

export const sparePassword = 'Spare-Passw0rd!';
const newPassword = 'Other-Passw0rd!';

/** Sign-in, the who-am-i responses, sign-out, and acting as another user. */
export async function authCalls({ t, call, as }: ContractRun) {
  const login = { username: 'realtor2@acme.test', password: DEMO_PASSWORD };
  const signedIn = await call('POST /api/auth/login', 200, { body: login, query: { who: login.username } });
  const session = signedIn.json<{ token: string }>().token;
  await call('POST /api/auth/login', 401, { body: { ...login, password: 'Wrong-Passw0rd!' } });
  await call('GET /api/auth/who-am-i', 200, { as: session });
  await call('GET /api/auth/who-am-i', 200);
  await call('POST /api/auth/logout', 204, { as: session });
  await call('GET /api/auth/who-am-i', 401, { as: session });

  await call('GET /api/auth/impersonate/check', 200, { as: as.acmeAdmin });
  const realtorId = await tenantUserId(t, 'realtor@acme.test');
  const acting = await call('POST /api/auth/impersonate/{userId}', 200, {
    as: as.acmeAdmin,
    params: { userId: realtorId },
  });
  const impersonation = `Impersonated ${acting.json<{ token: string }>().token}`;
  await call('DELETE /api/auth/impersonate', 204, { as: as.acmeAdmin, headers: { impersonation } });
}

/** A user made for the calls that change one, and what an administrator does to users. */
export async function tenantUserCalls(run: ContractRun) {
  const { t, call, as, state } = run;
  const spare = {
    email: 'spare@acme.test',
    firstName: 'Spare',
    lastName: 'User',
    role: 'Realtor',
    temporaryPassword: sparePassword,
  };
  const created = await call('POST /api/admin/user', 201, { as: as.acmeAdmin, body: spare });
  const spareId = created.json<{ id: string }>().id;
  state.set('spareId', spareId);
  await call('POST /api/admin/user', 409, { as: as.acmeAdmin, body: spare });

  const { temporaryPassword: _password, ...details } = spare;
  await call('PUT /api/admin/user/updateUser/{id}', 200, {
    as: as.acmeAdmin,
    params: { id: spareId },
    body: { ...details, firstName: 'Sparrow' },
  });
  await call('PUT /api/admin/user/updateUser/{id}', 409, {
    as: as.acmeAdmin,
    params: { id: spareId },
    body: { ...details, email: 'manager@acme.test' },
  });
  const toggle = { tenantId: ACME_TENANT_ID, userId: spareId };
  await call('POST /api/admin/tenantUsers/disable', 200, { as: as.acmeAdmin, body: toggle });
  await call('POST /api/admin/tenantUsers/enable', 200, { as: as.acmeAdmin, body: toggle });
  await call('POST /api/admin/tenantUsers/bulk', 200, {
    as: as.acmeAdmin,
    body: { action: 'disable', tenantId: toggle.tenantId, userIds: [toggle.userId] },
  });
  await call('POST /api/admin/tenantUsers/bulk', 200, {
    as: as.acmeAdmin,
    body: { action: 'enable', tenantId: toggle.tenantId, userIds: [toggle.userId] },
  });
  const query = { page: 1, pageSize: 'all', sorting: [{ propertyName: 'lastName', dir: 'asc' }] };
  await call('POST /api/admin/tenantusers/query', 200, { as: as.acmeAdmin, body: query });
  await call('POST /api/admin/tenantusers/query-realtors', 200, { as: as.manager, body: { pageSize: 5 } });
  await call('GET /api/admin/user/finduser/{id}', 200, { as: as.acmeAdmin, params: { id: spareId } });
  await call('GET /api/admin/tenantusers/{tenantUserId}', 200, {
    as: as.manager,
    params: { tenantUserId: spareId },
  });
  await call('POST /api/admin/user/{id}/send-reset', 202, { as: as.acmeAdmin, params: { id: spareId } });
  await call('POST /api/admin/user/{id}/temporary-password', 200, {
    as: as.acmeAdmin,
    params: { id: spareId },
    body: { password: sparePassword, confirmPassword: sparePassword },
  });
  const image = multipartFile(await testImage('png'));
  await call('PUT /api/admin/user/profile/{id}', 200, {
    as: as.acmeAdmin,
    params: { id: spareId },
    upload: image,
  });
  await call('GET /api/admin/user/profile/{id}', 200, {
    as: as.manager,
    params: { id: spareId },
    query: { responseType: 'json' },
  });

  // The emailed password help, on the spare user.
  await call('POST /api/auth/forgot-password', 202, { body: { email: spare.email } });
  const link = /\/reset\?token=([A-Za-z0-9_%-]+)/.exec((await outboxFor(t, spare.email)).at(-1)?.text ?? '');
  const token = decodeURIComponent(link![1]!);
  await call('POST /api/auth/reset-password/check', 200, { body: { token } });
  await call('POST /api/auth/reset-password', 200, {
    body: { token, password: sparePassword, confirmPassword: sparePassword },
  });
  state.set('spareToken', await t.login(spare.email, sparePassword));
}

/** The signed-in person's own profile, preferences and password; lookups and permission checks. */
export async function ownProfileCalls(run: ContractRun) {
  const { call, as } = run;
  const spare = kept(run, 'spareToken');
  await call('GET /api/id/profile', 200, { as: as.realtor });
  await call('PUT /api/id/profile', 200, {
    as: spare,
    body: { firstName: 'Sparrow', lastName: 'User', phone: '(555) 123-4567' },
  });
  await call('PUT /api/id/preferences', 200, { as: spare, body: { attentionDigest: false } });
  await call('PUT /api/id/profile/image', 200, { as: spare, upload: multipartFile(await testImage('jpeg')) });
  await call('GET /api/id/profile/image', 200, { as: spare });
  await call('POST /api/id/password', 200, {
    as: spare,
    body: { currentPassword: sparePassword, password: newPassword, confirmPassword: newPassword },
  });
  await call('GET /api/id/tenant-details', 200, { as: as.realtor });
  await call('GET /api/lookups/us-states', 200, { as: as.realtor });
  await call('GET /api/lookups/company-info/{id}', 200, { as: as.realtor, params: { id: ACME_TENANT_ID } });
  await call('POST /api/sec/permission/ui-check', 200, {
    as: as.realtor,
    body: { uiElement: ['home', 'clients'] },
  });
  await call('POST /api/sec/permission/privileges', 200, { as: as.realtor, body: ['CanManageClients'] });
  await call('POST /api/sec/permission/privileges/{name}', 200, {
    as: as.realtor,
    params: { name: 'CanManageClients' },
  });
  await call('POST /api/admin/permission/privileges', 200, { as: as.acmeAdmin, body: { names: ['x'] } });
  await call('GET /api/clients/permission/privileges', 200, { as: as.realtor });
}
