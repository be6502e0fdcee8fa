import { sql } from 'drizzle-orm';
import ical, { type VEvent } from 'node-ical';
import { beforeAll, describe, expect, it } from 'vitest';
import { audienceMessages } from '../../access/auth-context';
import { homeownerMessages } from '@homeminder/shared/contracts/homeowner';
import { accountMessages } from '@homeminder/shared/contracts/account';
import { describeEachDriver, expectErrors } from '../../test/test-app';
import {
  homeownerOverview,
  homeownerPassword,
  twoHomeowners,
  type TestHomeowner,
} from '../../test/homeowners';
import { askForReset, outboxFor } from '../../test/outbox';

describeEachDriver('homeowner routes', (t) => {
  let owner: TestHomeowner;
  let other: TestHomeowner;
  let token: string;

  const overview = (as = token) => homeownerOverview(t, as);

  beforeAll(async () => {
    ({ owner, other, token } = await twoHomeowners(t));
  });

  describe('signing in', () => {
    it('signs a registered client in on the same route as staff, as a homeowner', async () => {
      const who = await t.api({ path: '/auth/who-am-i', token });
      expect(who.json()).toMatchObject({
        isAuthenticated: true,
        kind: 'client',
        userID: owner.id,
        email: owner.email,
        roles: [],
        privileges: [],
      });
      const staff = await t.api({ path: '/auth/who-am-i', token: await t.login('realtor@acme.test') });
      expect(staff.json()).toMatchObject({ kind: 'staff' });
    });

    it('refuses a wrong password with the usual response', async () => {
      const response = await t.api({
        method: 'POST',
        path: '/auth/login/',
        body: { username: owner.email, password: 'Wrong-Pass99!' },
        ip: '10.9.0.1',
      });
      expectErrors(response, 401, 'The email or password is incorrect.');
    });

    it('keeps a homeowner off every staff route, and staff off the homeowner routes', async () => {
      for (const path of [
        '/clients/grid',
        '/id/profile',
        '/id/tenant-details',
        '/home/summary',
        '/notification/active',
      ]) {
        const method = path === '/clients/grid' ? 'POST' : 'GET';
        const response = await t.api({
          method,
          path,
          token,
          body: method === 'POST' ? { page: 1, pageSize: 10 } : undefined,
        });
        expectErrors(response, 403, audienceMessages.staffOnly);
      }
      const staff = await t.login('admin@acme.test');
      expectErrors(
        await t.api({ path: '/homeowner/overview', token: staff }),
        403,
        audienceMessages.clientOnly,
      );
      expect((await t.api({ path: '/homeowner/overview' })).statusCode).toBe(401);
    });

    it("responds to the web's ui-check: the homeowner's pages and no staff screen", async () => {
      const check = async (uiElement: string, as: string) =>
        (
          await t.api({ method: 'POST', path: '/sec/permission/ui-check', token: as, body: { uiElement } })
        ).json<{
          granted: boolean;
        }>().granted;
      expect(await check('homeowner:home', token)).toBe(true);
      expect(await check('homeowner:preferences', token)).toBe(true);
      for (const staffScreen of ['Default', 'settings:user', 'clients:info', 'adm:audit']) {
        expect(await check(staffScreen, token), staffScreen).toBe(false);
      }
      const staff = await t.login('admin@acme.test');
      expect(await check('homeowner:home', staff)).toBe(false);
      expect(await check('Default', staff)).toBe(true);
    });
  });

  describe('their own records only', () => {
    it('shows their homes and reminders, their realtor and the brand', async () => {
      const shown = await overview();
      expect(shown.email).toBe(owner.email);
      expect(shown.realtor).toMatchObject({ name: 'Rita Realtor', email: 'realtor@acme.test' });
      expect(shown.brand.siteName).toBeTruthy();
      expect(shown.timeZone).toBe('America/New_York');
      const homes = await t.rows<{ id: string }>(
        sql`select id from properties where client_user_id = ${owner.id} order by id`,
      );
      expect(shown.homes.map((home) => home.id).sort()).toEqual(homes.map((home) => home.id));
      const reminder = shown.homes[0]!.reminders[0]!;
      expect(reminder).toMatchObject({ on: true });
      expect(reminder.howTo.length).toBeGreaterThan(10);
      expect(reminder.frequency).toBeTruthy();
    });

    it("responds 404 for another client's home and reminder, and changes nothing of theirs", async () => {
      const [home] = await t.rows<{ id: string; enabled: boolean }>(
        sql`select id, enabled from properties where client_user_id = ${other.id} limit 1`,
      );
      const [subscription] = await t.rows<{ id: string }>(sql`select s.id from reminder_subscriptions s
        join properties p on p.tenant_id = s.tenant_id and p.id = s.property_id where p.client_user_id = ${other.id} limit 1`);
      expectErrors(
        await t.api({ method: 'PUT', path: `/homeowner/homes/${home!.id}`, token, body: { paused: true } }),
        404,
        homeownerMessages.homeNotFound,
      );
      expectErrors(
        await t.api({
          method: 'PUT',
          path: `/homeowner/reminders/${subscription!.id}`,
          token,
          body: { on: false },
        }),
        404,
        homeownerMessages.reminderNotFound,
      );
      const [after] = await t.rows<{ enabled: boolean }>(
        sql`select enabled from properties where id = ${home!.id}`,
      );
      expect(after!.enabled).toBe(home!.enabled);
      expect((await overview()).homes.some((h) => h.id === home!.id)).toBe(false);
    });
  });

  describe('preferences', () => {
    it('turns one reminder off and on again, keeping its schedule', async () => {
      const reminder = (await overview()).homes[0]!.reminders[0]!;
      const off = await t.api({
        method: 'PUT',
        path: `/homeowner/reminders/${reminder.id}`,
        token,
        body: { on: false },
      });
      expect(off.json()).toEqual({ message: homeownerMessages.reminderOff(reminder.task) });
      const [paused] = await t.rows<{ paused_at: string | null }>(
        sql`select paused_at from reminder_subscriptions where id = ${reminder.id}`,
      );
      expect(paused!.paused_at).not.toBeNull();
      expect((await overview()).homes[0]!.reminders.find((r) => r.id === reminder.id)?.on).toBe(false);
      await t.api({ method: 'PUT', path: `/homeowner/reminders/${reminder.id}`, token, body: { on: true } });
      const back = (await overview()).homes[0]!.reminders.find((r) => r.id === reminder.id)!;
      expect(back).toMatchObject({ on: true, nextDueAt: reminder.nextDueAt });
    });

    it('pauses a home and resumes it, and stays signed in meanwhile', async () => {
      const home = (await overview()).homes[0]!;
      for (const [paused, message, status] of [
        [true, homeownerMessages.homePaused, 'paused'],
        [false, homeownerMessages.homeResumed, 'active'],
      ] as const) {
        const changed = await t.api({
          method: 'PUT',
          path: `/homeowner/homes/${home.id}`,
          token,
          body: { paused },
        });
        expect(changed.json()).toEqual({ message });
        expect((await overview()).homes[0]!.status).toBe(status);
      }
    });

    it('unsubscribes and subscribes again', async () => {
      const stopped = await t.api({ method: 'POST', path: '/homeowner/unsubscribe', token });
      expect(stopped.json()).toEqual({ message: homeownerMessages.unsubscribed });
      expect((await overview()).unsubscribedAt).not.toBeNull();
      expect((await t.api({ method: 'POST', path: '/homeowner/unsubscribe', token })).statusCode).toBe(409);
      const started = await t.api({ method: 'POST', path: '/homeowner/resubscribe', token });
      expect(started.json()).toEqual({ message: homeownerMessages.resubscribed });
      expect((await overview()).unsubscribedAt).toBeNull();
      const actions = await t.rows<{ action: string }>(
        sql`select action from audit_log where record_id = ${owner.id} and action like 'client.%subscribed' order by id`,
      );
      expect(actions.map((row) => row.action)).toEqual(['client.unsubscribed', 'client.resubscribed']);
    });
  });

  describe('the calendar feed', () => {
    it('lists each due date of the next 12 months, with the how-to text, and a new address stops the old', async () => {
      const made = await t.api({ method: 'POST', path: '/homeowner/calendar', token });
      expect(made.statusCode, made.body).toBe(200);
      const { url } = made.json<{ url: string }>();
      const path = new URL(url).pathname.replace(/^\/ui\/api/, '') + new URL(url).search;
      const feed = await t.api({ path });
      expect(feed.statusCode, feed.body).toBe(200);
      expect(feed.headers['content-type']).toContain('text/calendar');
      const events = Object.values(ical.sync.parseICS(feed.body)).filter(
        (component): component is VEvent => component?.type === 'VEVENT',
      );
      const shown = await overview();
      const reminders = shown.homes.flatMap((home) => home.reminders);
      expect(events.length).toBeGreaterThanOrEqual(reminders.length);
      for (const reminder of reminders) {
        const own = events.filter((event) => event.uid.startsWith(reminder.id));
        expect(own.length, reminder.task).toBeGreaterThan(0);
        expect(own[0]!.summary).toBe(reminder.task);
        expect(own[0]!.description).toContain(reminder.howTo);
        expect(own[0]!.description).toContain('/ui/my-home');
        expect(own[0]!.start.dateOnly).toBe(true);
      }
      const now = t.clock.nowMs();
      const latest = Math.max(...events.map((event) => event.start.getTime()));
      expect(latest).toBeLessThanOrEqual(now + 367 * 86_400_000);
      // A monthly or quarterly reminder shows several times in the year.
      expect(events.length).toBeGreaterThan(reminders.length);

      const renewed = await t.api({ method: 'POST', path: '/homeowner/calendar', token });
      expect(renewed.json<{ url: string }>().url).not.toBe(url);
      expectErrors(await t.api({ path }), 404, homeownerMessages.feedInvalid);
      const [row] = await t.rows<{ calendar_token_hash: string }>(
        sql`select calendar_token_hash from client_users where id = ${owner.id}`,
      );
      expect(url).not.toContain(row!.calendar_token_hash);
    });
  });

  describe('passwords', () => {
    it('changes the password with the current one, ending the other sessions', async () => {
      const second = await t.login(owner.email, homeownerPassword);
      const newPassword = 'Garden-Gate77!';
      expectErrors(
        await t.api({
          method: 'POST',
          path: '/homeowner/password',
          token,
          body: { currentPassword: 'Wrong-Pass99!', password: newPassword, confirmPassword: newPassword },
        }),
        400,
        homeownerMessages.wrongPassword,
      );
      const changed = await t.api({
        method: 'POST',
        path: '/homeowner/password',
        token,
        body: { currentPassword: homeownerPassword, password: newPassword, confirmPassword: newPassword },
      });
      expect(changed.json()).toEqual({ message: homeownerMessages.passwordChanged });
      expect((await t.api({ path: '/homeowner/overview', token: second })).statusCode).toBe(401);
      expect((await t.api({ path: '/homeowner/overview', token })).statusCode).toBe(200);
      token = await t.login(owner.email, newPassword);
    });

    it('resets a forgotten password by the emailed link, as staff do', async () => {
      await askForReset(t, other.email);
      const mail = (await outboxFor(t, other.email)).at(-1)!;
      expect(mail.kind).toBe('password-reset');
      const resetToken = decodeURIComponent(/\/ui\/reset\?token=([A-Za-z0-9_%-]+)/.exec(mail.text)![1]!);
      const signedIn = await t.login(other.email, homeownerPassword);
      const check = await t.api({
        method: 'POST',
        path: '/auth/reset-password/check',
        body: { token: resetToken },
      });
      expect(check.json()).toEqual({ valid: true });
      const newPassword = 'Front-Door55!';
      const reset = await t.api({
        method: 'POST',
        path: '/auth/reset-password',
        body: { token: resetToken, password: newPassword, confirmPassword: newPassword },
      });
      expect(reset.json()).toEqual({ message: accountMessages.passwordChanged });
      expect((await t.api({ path: '/homeowner/overview', token: signedIn })).statusCode).toBe(401);
      await t.login(other.email, newPassword);
    });
  });

  it('signs out', async () => {
    const session = await t.login(owner.email, 'Garden-Gate77!');
    expect((await t.api({ method: 'POST', path: '/auth/logout', token: session })).statusCode).toBe(204);
    expect((await t.api({ path: '/homeowner/overview', token: session })).statusCode).toBe(401);
  });
});
