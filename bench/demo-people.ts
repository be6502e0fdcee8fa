// What the demo world lacks for the pages a homeowner opens: a homeowner who may sign in, and a
// reminder email's reply link. Both are made as a person would get them, over the real server: a
// realtor's invitation and its registration, and a reminder the server's own dispatcher sent.
import { sql, type SQL } from 'drizzle-orm';
import { replyPageText } from '@homeminder/shared/reply-words';
import type { Database } from '../apps/api/src/db/client';
import { DEMO_PASSWORD } from '../apps/api/src/db/demo-data';
import { REMINDER_KIND } from '../apps/api/src/db/email-outbox';
import type { RunningServer } from './server';
import { signIn } from './server';

/** The password the benchmark's homeowner chooses when registering. */
const homeownerPassword = 'Porch-Light42!';

export interface Person {
  email: string;
  password: string;
}

/** Both drivers respond with an object with `rows`; Drizzle's shared type does not say so. */
async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

async function send(server: RunningServer, path: string, body: unknown, token?: string): Promise<unknown> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  return response.status === 204 ? null : response.json();
}

/**
 * The link `pattern` finds in the newest of the outbox's emails `where` picks, waited for up to
 * `seconds`: the server writes some emails to the outbox from its own timers.
 */
async function linkInOutbox(db: Database, where: SQL, pattern: RegExp, seconds: number): Promise<string> {
  const until = Date.now() + seconds * 1000;
  for (;;) {
    const emails = await rows<{ text: string }>(
      db,
      sql`select text from email_outbox where ${where} order by created_at desc, id desc limit 20`,
    );
    for (const email of emails) {
      const match = pattern.exec(email.text);
      if (match) return decodeURIComponent(match[1]!);
    }
    if (Date.now() > until) throw new Error(`no email in the outbox has a link like ${pattern}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * A client of the demo's realtor, invited by them and registered with the invitation's link,
 * keeping every reminder offered: a homeowner who signs in on the login page, as the demo staff do.
 */
export async function registerHomeowner(server: RunningServer, db: Database): Promise<Person> {
  const realtorEmail = 'realtor@acme.test';
  const [client] = await rows<{ id: string; email: string }>(
    db,
    sql`select c.id, c.email from client_users c
      join tenant_users r on r.tenant_id = c.tenant_id and r.id = c.realtor_id
      where r.email = ${realtorEmail} and c.enabled and c.password_hash is null
        and exists (select 1 from properties p where p.tenant_id = c.tenant_id and p.client_user_id = c.id
          and p.enabled and not p.pending)
      order by c.email limit 1`,
  );
  if (!client) throw new Error(`${realtorEmail} has no client to invite`);
  const realtor = await signIn(server, realtorEmail, DEMO_PASSWORD);
  await send(server, `/clients/invite/${client.id}`, {}, realtor);
  const token = await linkInOutbox(
    db,
    sql`lower(to_address) = lower(${client.email})`,
    /\/register\?token=([A-Za-z0-9_%-]+)/,
    10,
  );
  const offered = (await send(server, '/auth/register/invitation', { token })) as {
    subscriptions: Array<{ id: string }>;
  };
  await send(server, '/auth/register', {
    token,
    password: homeownerPassword,
    confirmPassword: homeownerPassword,
    subscriptionIds: offered.subscriptions.map((subscription) => subscription.id),
  });
  return { email: client.email, password: homeownerPassword };
}

/**
 * The "done" link of a reminder email, as a path under the app's base path. The demo has reminders
 * falling due in its first minute, which the server dispatches on its own; the page must show the
 * reminder with its button, not that the link does not work.
 */
export async function replyLinkPath(server: RunningServer, db: Database): Promise<string> {
  const token = await linkInOutbox(
    db,
    sql`kind = ${REMINDER_KIND}`,
    /\/answer\/done\?token=([A-Za-z0-9_%-]+)/,
    90,
  );
  const path = `answer/done?token=${encodeURIComponent(token)}`;
  const page = await fetch(new URL(`../${path}`, `${server.url}/`));
  const html = await page.text();
  if (page.status !== 200 || !html.includes(replyPageText.done.button))
    throw new Error(`the answer page answered ${page.status} without its button`);
  return path;
}
