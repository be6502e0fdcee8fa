import type { Browser } from '@playwright/test';
import { appUrl, createSignIn, expect, inviteClientViaApi, login, untilHydrated } from './fixtures';
import { mailTo, pageOnPortal, type MailPortal } from './mail-portal';
import { linkIn } from './outbox';

/** A homeowner invited by Rita Realtor to the given reminders, signed in on a phone on My home. */
export async function invitedHomeowner(
  portal: MailPortal,
  browser: Browser,
  who: { email: string; lastName: string; line: string },
  reminders = ['Replace HVAC filter'],
) {
  const home = await pageOnPortal(portal, browser);
  await home.setViewportSize({ width: 390, height: 844 });
  await inviteClientViaApi(home.request, 'realtor@acme.test', reminders, { ...who, firstName: 'Paula' });
  const invitation = await mailTo(portal, who.email, (mail) => mail.text.includes('/ui/register?token='));
  await home.goto(linkIn(invitation, 'register'));
  await untilHydrated(home);
  await createSignIn(home, 'Paula-Home2026!');
  await expect(home).toHaveURL(appUrl('/my-home'));
  return home;
}

/** Rita Realtor, signed in, with the client's details open. */
export async function realtorOnClient(portal: MailPortal, browser: Browser, lastName: string, email: string) {
  const realtor = await pageOnPortal(portal, browser);
  await login(realtor, 'realtor@acme.test');
  await expect(realtor.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
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

/** A small PNG, as a phone's photo library gives one (the server re-encodes it). */
export const smallPhoto = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGUlEQVQokWOQLDxEEmIY1VA4GkqSwzVpAADXxUwQfjnosAAAAABJRU5ErkJggg==',
  'base64',
);
