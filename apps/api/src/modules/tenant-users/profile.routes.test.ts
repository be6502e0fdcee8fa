import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { imageMessages, type OwnProfile } from '@homeminder/shared/contracts/admin';
import { messages } from '@homeminder/shared/validation/messages';
import { ACME_TENANT_ID, DEMO_PASSWORD } from '../../db/demo-data';
import { describeEachDriver, expectErrors } from '../../test/test-app';
import { multipartFile, testImage } from '../../test/images';
import { tenantUserMessages } from './tenant-users.service';

describeEachDriver('own profile routes', (t) => {
  /** Changes the own password, the new one typed twice the same. */
  const changePassword = (token: string, currentPassword: string, password: string) =>
    t.api({
      method: 'POST',
      path: '/id/password',
      body: { currentPassword, password, confirmPassword: password },
      token,
    });

  let realtor: string;

  beforeAll(async () => {
    realtor = await t.login('realtor@acme.test');
  });

  it('needs a sign-in', async () => {
    expectErrors(await t.api({ path: '/id/profile' }), 401);
    expectErrors(await t.api({ method: 'POST', path: '/id/password', body: {} }), 401);
  });

  it('reads and changes the own name and phone', async () => {
    const read = await t.api({ path: '/id/profile', token: realtor });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({
      email: 'realtor@acme.test',
      tenantId: ACME_TENANT_ID,
      companyName: 'Acme Realty',
      roles: ['Realtor'],
    });

    const saved = await t.api({
      method: 'PUT',
      path: '/id/profile',
      body: { firstName: 'Rita', lastName: 'Rivers', phone: '(555) 303-4040' },
      token: realtor,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ lastName: 'Rivers', phone: '5553034040' });
    expect((await t.api({ path: '/auth/who-am-i', token: realtor })).json()).toMatchObject({
      name: 'Rita Rivers',
    });

    const bad = await t.api({
      method: 'PUT',
      path: '/id/profile',
      body: { firstName: '', lastName: '-x', phone: '1' },
      token: realtor,
    });
    expect(expectErrors(bad, 400)).toEqual(
      expect.arrayContaining([messages.required, messages.nameFieldInvalid, messages.phoneInvalid]),
    );
    // The email is not changed here, whatever the body says.
    await t.api({
      method: 'PUT',
      path: '/id/profile',
      body: { firstName: 'Rita', lastName: 'Realtor', email: 'x@evil.test' },
      token: realtor,
    });
    expect((await t.api({ path: '/id/profile', token: realtor })).json<OwnProfile>().email).toBe(
      'realtor@acme.test',
    );
  });

  it('turns the morning email of clients needing attention off and on again', async () => {
    const read = async () => (await t.api({ path: '/id/profile', token: realtor })).json<OwnProfile>();
    expect((await read()).attentionDigest).toBe(true);
    const off = await t.api({
      method: 'PUT',
      path: '/id/preferences',
      body: { attentionDigest: false },
      token: realtor,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<OwnProfile>().attentionDigest).toBe(false);
    expect((await read()).attentionDigest).toBe(false);
    expectErrors(
      await t.api({
        method: 'PUT',
        path: '/id/preferences',
        body: { attentionDigest: 'no' },
        token: realtor,
      }),
      400,
    );
    expectErrors(
      await t.api({ method: 'PUT', path: '/id/preferences', body: { attentionDigest: true } }),
      401,
    );
    await t.api({ method: 'PUT', path: '/id/preferences', body: { attentionDigest: true }, token: realtor });
    expect((await read()).attentionDigest).toBe(true);
  });

  it('uploads the own profile image, which who-am-i then serves', async () => {
    const { body, headers } = multipartFile(await testImage('png', 900));
    const response = await t.api({ method: 'PUT', path: '/id/profile/image', body, headers, token: realtor });
    expect(response.statusCode, response.body).toBe(200);
    const image = await t.api({ path: '/id/profile/image?responseType=json', token: realtor });
    expect(image.json()).toEqual(response.json());
    const fake = multipartFile(Buffer.from('%PDF-1.7 not an image'), {
      fileName: 'me.jpg',
      contentType: 'image/jpeg',
    });
    expectErrors(
      await t.api({
        method: 'PUT',
        path: '/id/profile/image',
        body: fake.body,
        headers: fake.headers,
        token: realtor,
      }),
      400,
      imageMessages.wrongType,
    );
  });

  describe('POST /id/password', () => {
    const email = 'manager@acme.test';
    const next = 'Brand-New-Pa55!';

    it('refuses a wrong current password and a weak new one with the shared messages', async () => {
      const token = await t.login(email);
      expectErrors(
        await changePassword(token, 'Wrong-Pass1!', next),
        400,
        tenantUserMessages.currentPasswordWrong,
      );
      const weak = await t.api({
        method: 'POST',
        path: '/id/password',
        body: { currentPassword: DEMO_PASSWORD, password: 'aaab', confirmPassword: 'aaac' },
        token,
      });
      expect(expectErrors(weak, 400)).toEqual(
        expect.arrayContaining([
          messages.passwordTooShort,
          messages.repeatingCharacters,
          messages.passwordMismatch,
        ]),
      );
      expectErrors(
        await changePassword(token, DEMO_PASSWORD, DEMO_PASSWORD),
        400,
        tenantUserMessages.samePassword,
      );
    });

    it('changes the password and ends the other sessions, keeping this one', async () => {
      const other = await t.login(email);
      const current = await t.login(email);
      const response = await changePassword(current, DEMO_PASSWORD, next);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ message: tenantUserMessages.passwordChanged });
      expectErrors(await t.api({ path: '/id/profile', token: other }), 401);
      expect((await t.api({ path: '/id/profile', token: current })).statusCode).toBe(200);
      await t.login(email, next);
      const [audit] = await t.rows<{ count: number }>(
        sql`select count(*)::int as count from audit_log where action = 'profile.password-changed'`,
      );
      expect(audit!.count).toBe(1);
    });

    it('is the only way to change the own password: an administrator cannot set a temporary one for themselves', async () => {
      const admin = await t.login('admin@acme.test');
      const [self] = await t.rows<{ id: string }>(
        sql`select id from tenant_users where email = 'admin@acme.test'`,
      );
      expectErrors(
        await t.api({
          method: 'POST',
          path: `/admin/user/${self!.id.toUpperCase()}/temporary-password`,
          body: { password: next, confirmPassword: next },
          token: admin,
        }),
        400,
        tenantUserMessages.ownTemporaryPassword,
      );
      await t.login('admin@acme.test', DEMO_PASSWORD);
    });

    it('slows down guessing of the current password', async () => {
      const token = await t.login('realtor2@acme.test');
      for (let attempt = 0; attempt < 5; attempt += 1) {
        await changePassword(token, `Guess-${attempt}a!`, next);
      }
      expectErrors(
        await changePassword(token, DEMO_PASSWORD, next),
        429,
        tenantUserMessages.tooManyPasswordAttempts,
      );
    });
  });
});
