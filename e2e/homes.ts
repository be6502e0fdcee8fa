import type { Browser, Page } from '@playwright/test';
import { appUrl, createSignIn, expect, inviteClientViaApi, loginToHome, untilHydrated } from './fixtures';
import { mailTo, pageOnPortal, type MailPortal } from './mail-portal';
import { linkIn } from './outbox';

let homeownersMade = 0;

/**
 * An address and a last name no other journey uses, in this run or an earlier one on the same
 * database: `paula.<id>@example.org` and `Profile<id>` for `('paula', 'Profile')`.
 */
export function newHomeowner(first: string, last: string) {
  const id = `${Date.now().toString(36)}${process.pid.toString(36)}${(homeownersMade += 1)}`;
  return { email: `${first}.${id}@example.org`, lastName: `${last}${id}`, id };
}

/**
 * A homeowner of that name invited by Rita Realtor to the given reminders, signed in on a phone on
 * My home (`home`), with the address and last name they were given.
 */
export async function invitedHomeowner(
  portal: MailPortal,
  browser: Browser,
  who: { first: string; last: string; line: string },
  reminders = ['Replace HVAC filter'],
) {
  const { email, lastName, id } = newHomeowner(who.first, who.last);
  const home = await pageOnPortal(portal, browser);
  await home.setViewportSize({ width: 390, height: 844 });
  await inviteClientViaApi(home.request, 'realtor@acme.test', reminders, {
    email,
    lastName,
    line: who.line,
    firstName: 'Paula',
  });
  const invitation = await mailTo(portal, email, (mail) => mail.text.includes('/ui/register?token='));
  await home.goto(linkIn(invitation, 'register'));
  await untilHydrated(home);
  await createSignIn(home, 'Paula-Home2026!');
  await expect(home).toHaveURL(appUrl('/my-home'));
  return { home, email, lastName, id };
}

/** Rita Realtor, signed in on her Home in a browser of her own. */
export async function realtorOnHome(portal: MailPortal, browser: Browser) {
  const realtor = await pageOnPortal(portal, browser);
  await loginToHome(realtor, 'realtor@acme.test');
  return realtor;
}

/** Rita Realtor, signed in, with the client's details open. */
export async function realtorOnClient(portal: MailPortal, browser: Browser, lastName: string, email: string) {
  const realtor = await realtorOnHome(portal, browser);
  await realtor.goto(`clients?q=${encodeURIComponent(lastName)}`);
  await realtor
    .getByRole('table', { name: 'Clients' })
    .locator('tbody tr')
    .filter({ hasText: email })
    .first()
    .getByRole('button')
    .click();
  return { realtor, details: realtor.getByRole('dialog', { name: 'Client details' }) };
}

/** The client's row in Needs attention on a realtor's Home. */
export function needsAttentionRow(page: Page, lastName: string) {
  return page.getByRole('region', { name: 'Needs attention' }).getByRole('row').filter({ hasText: lastName });
}

/** A small PNG, as a phone's photo library gives one (the server re-encodes it). */
export const smallPhoto = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGUlEQVQokWOQLDxEEmIY1VA4GkqSwzVpAADXxUwQfjnosAAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Sets when the client's reminder falls due and when it last fell due unanswered (none unless
 * `passed`), for the one of task `task` when named, and returns the subscription's id: one
 * reminder must match.
 */
export async function setDue(
  portal: MailPortal,
  email: string,
  values: { next: Date; passed?: Date; task?: string },
): Promise<string> {
  const rows = await portal.query<{ id: string }>(
    `update reminder_subscriptions s set next_due_at = $3, passed_due_at = $4
       from properties p, client_users c, reminders r
      where p.tenant_id = s.tenant_id and p.id = s.property_id and c.tenant_id = p.tenant_id
        and c.id = p.client_user_id and r.id = s.reminder_id and c.email = $1 and ($2::text is null or r.name = $2)
      returning s.id`,
    [email, values.task ?? null, values.next, values.passed ?? null],
  );
  expect(rows).toHaveLength(1);
  return rows[0]!.id;
}

/** When the subscription falls due next, as the dispatcher left it. */
export async function nextDueAt(portal: MailPortal, subscription: string): Promise<number> {
  const [row] = await portal.query<{ next_due_at: Date }>(
    'select next_due_at from reminder_subscriptions where id = $1',
    [subscription],
  );
  return row!.next_due_at.getTime();
}
