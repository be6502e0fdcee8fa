import { expect, it } from 'vitest';
import type { AuditEntry, AuditPage, AuditPeople } from '@homeminder/shared/contracts/audit';
import type { ClientTimeline } from '@homeminder/shared/contracts/replies';
import { ACME_TENANT_ID, BIRCH_TENANT_ID } from '../../db/demo-data';
import { describeEachDriver, expectErrors, signInBeforeAll } from '../../test/test-app';
import { setUpClient } from '../../test/clients';
import { acting, tenantUserId } from '../../test/users';

const site = {
  siteName: 'Acme Realty Home Care',
  siteUrl: 'https://acme-realty.example',
  contactEmail: 'office@acme.test',
  contactPhone: '5550102000',
  timeZone: 'America/New_York',
};

describeEachDriver('a readable audit history', (t) => {
  const token = signInBeforeAll(t, ['sysadmin@demo.test', 'admin@acme.test', 'admin@birch.test']);

  const query = async (body: object, as = 'sysadmin@demo.test') => {
    const response = await t.api({ method: 'POST', path: '/admin/audit/query', token: token(as), body });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AuditPage>().items;
  };

  it('makes one entry naming both people for a session of acting as an administrator, with its requests and changes', async () => {
    const operator = token('sysadmin@demo.test');
    const alice = await tenantUserId(t, 'admin@acme.test');
    const started = await t.api({ method: 'POST', path: `/auth/impersonate/${alice}`, token: operator });
    expect(started.statusCode, started.body).toBe(200);
    const as = acting(started.json<{ token: string }>().token);

    // Four screens' worth of requests, one of which changes a setting.
    for (const path of ['/home/summary', '/auth/who-am-i', `/admin/corporation/${ACME_TENANT_ID}`]) {
      expect((await t.api({ path, token: operator, headers: as })).statusCode).toBe(200);
    }
    const changed = await t.api({
      method: 'POST',
      path: `/corporation/settings/tenantSite/${ACME_TENANT_ID}`,
      token: operator,
      headers: as,
      body: { ...site, siteName: 'Acme Home Care' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const ended = await t.api({ method: 'DELETE', path: '/auth/impersonate', token: operator, headers: as });
    expect(ended.statusCode).toBe(204);

    const sam = await tenantUserId(t, 'sysadmin@demo.test');
    const sessions = await query({ personId: sam, action: 'auth.impersonation-started' });
    expect(sessions).toHaveLength(1);
    const [session] = sessions as [AuditEntry];
    expect(session).toMatchObject({
      tenantId: ACME_TENANT_ID,
      actorName: 'Alice Admin',
      realActorName: 'Sam Operator',
      recordName: 'Alice Admin',
    });
    // The three reads, the change and the switch back.
    expect(session.session?.requests).toBe(5);
    expect(session.session?.endedAt).not.toBeNull();
    expect(session.session?.items).toEqual([
      expect.objectContaining({
        action: 'corporation.site-updated',
        recordName: 'Acme Realty',
        changes: [{ field: 'siteName', before: 'Acme Realty Home Care', after: 'Acme Home Care' }],
      }),
    ]);
    // The change has its own entry too, naming both people; no entry per request is written.
    const [change] = await query({ action: 'corporation.site-updated', personId: sam });
    expect(change).toMatchObject({ actorName: 'Alice Admin', realActorName: 'Sam Operator', session: null });
    expect(await query({ action: 'impersonated.request' })).toEqual([]);

    // Alice's own corporation sees the session as well, and may filter by the operator.
    const seenByAcme = await query({ personId: sam }, 'admin@acme.test');
    expect(seenByAcme.every((entry) => entry.realActorName === 'Sam Operator')).toBe(true);
    expect(seenByAcme.map((entry) => entry.action).sort()).toEqual([
      'auth.impersonation-started',
      'corporation.site-updated',
    ]);
    const people = await t.api({ path: '/admin/audit/people', token: token('admin@acme.test') });
    expect(people.json<AuditPeople>().items.map((person) => person.name)).toEqual(
      expect.arrayContaining(['Alice Admin', 'Sam Operator']),
    );
    expect(people.json<AuditPeople>().items.map((person) => person.name)).not.toContain('Ben Brooks');
  });

  it("shows a corporation's settings change with its values before and after, never the card number", async () => {
    const birch = token('admin@birch.test');
    const expiry = `12${String((new Date().getFullYear() + 1) % 100).padStart(2, '0')}`;
    const address = await t.api({
      method: 'PUT',
      path: `/corporation/settings/address/${BIRCH_TENANT_ID}`,
      token: birch,
      body: { line: '10 Birch Boulevard', city: 'Portland', state: 'OR', zip: '97205' },
    });
    expect(address.statusCode, address.body).toBe(200);
    const billing = await t.api({
      method: 'PUT',
      path: `/corporation/settings/billing/${BIRCH_TENANT_ID}`,
      token: birch,
      body: { billingName: 'Bea Birch', number: '5500 0000 0000 0004', cvv: '123', expiry },
    });
    expect(billing.statusCode, billing.body).toBe(200);

    const [moved] = await query({ action: 'corporation.address-updated' }, 'admin@birch.test');
    expect(moved).toMatchObject({
      recordName: 'Birch Homes',
      actorName: 'Bea Birch',
      realActorName: null,
      changes: [{ field: 'addressLine', before: '9 Birch Boulevard', after: '10 Birch Boulevard' }],
    });
    const [paid] = await query({ action: 'corporation.billing-updated' }, 'admin@birch.test');
    expect(paid!.changes).toEqual(
      expect.arrayContaining([
        { field: 'cardLast4', before: null, after: '0004' },
        { field: 'cardExpiry', before: null, after: expiry },
      ]),
    );
    const stored = JSON.stringify(paid);
    expect(stored).not.toContain('5500000000000004');
    expect(stored).not.toContain('"123"');
  });

  it("records a user's and a client's edits field by field, the client's on their timeline too", async () => {
    const admin = token('admin@acme.test');
    const ray = await tenantUserId(t, 'realtor2@acme.test');
    const renamed = await t.api({
      method: 'PUT',
      path: `/admin/user/updateUser/${ray}`,
      token: admin,
      body: {
        email: 'realtor2@acme.test',
        firstName: 'Raymond',
        lastName: 'Reyes',
        phone: '5550101004',
        role: 'Realtor',
      },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const [user] = await query({ action: 'tenant-user.updated', record: 'raymond' }, 'admin@acme.test');
    expect(user).toMatchObject({
      recordName: 'Raymond Reyes',
      recordId: ray,
      changes: [{ field: 'firstName', before: 'Ray', after: 'Raymond' }],
    });

    const { client, sent: setup } = await setUpClient(t, admin, {
      clientUser: { firstName: 'Nora', lastName: 'Newcomer', email: 'nora.history@acme.test', phone: '' },
    });
    const edited = await t.api({
      method: 'PUT',
      path: '/clients/setup',
      token: admin,
      body: {
        ...setup,
        tenantUserID: client.id,
        clientUser: { ...setup.clientUser, lastName: 'Newman', phone: '555-010-7777' },
        property: { ...setup.property, propertyId: client.properties[0]!.id },
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const expected = [
      { field: 'lastName', before: 'Newcomer', after: 'Newman' },
      { field: 'phone', before: null, after: '5550107777' },
    ];
    const [entry] = await query({ action: 'client.updated', record: client.id }, 'admin@acme.test');
    expect(entry).toMatchObject({ recordName: 'Nora Newman', changes: expected });
    // Each entry keeps the name the client had then.
    expect((await query({ record: 'nora new' }, 'admin@acme.test')).map((item) => item.recordName)).toEqual([
      'Nora Newman',
      'Nora Newcomer',
    ]);

    const timeline = await t.api({ path: `/clients/client/${client.id}/activity`, token: admin });
    const changedEvent = timeline.json<ClientTimeline>().items.find((item) => item.kind === 'changed');
    expect(changedEvent).toMatchObject({ actor: { kind: 'staff', name: 'Alice Admin' }, changes: expected });

    // Deleted, the client is still named in the log.
    const deleted = await t.api({ method: 'DELETE', path: `/clients/clientUser/${client.id}`, token: admin });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    const [gone] = await query({ action: 'client.deleted', record: client.id }, 'admin@acme.test');
    expect(gone).toMatchObject({ recordName: 'Nora Newman' });
  });

  it('filters by dates, and checks what it is given', async () => {
    const all = await query({ pageSize: 200 }, 'admin@acme.test');
    const newest = all[0]!;
    const later = await query({ from: new Date(Date.parse(newest.at) + 1).toISOString() }, 'admin@acme.test');
    expect(later).toEqual([]);
    const until = await query({ to: newest.at }, 'admin@acme.test');
    expect(until.every((entry) => entry.at < newest.at)).toBe(true);
    expectErrors(
      await t.api({
        method: 'POST',
        path: '/admin/audit/query',
        token: token('admin@acme.test'),
        body: { personId: 'nobody' },
      }),
      400,
    );
  });
});
