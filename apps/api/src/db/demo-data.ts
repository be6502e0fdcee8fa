import { sql } from 'drizzle-orm';
import { Role } from '@homeminder/shared/permissions';
import { DEFAULT_TIME_ZONE, localDateOf, localDateText } from '@homeminder/shared/schedule';
import { monthsOfSeason } from '@homeminder/shared/climate';
import { hashPassword } from '../lib/password';
import type { Database } from './client';
import { seedDefaultReminders } from './default-reminder-seed';
import { demoDueInSeason } from './demo-seasons';
import { lockDataPreparation, SYSTEM_TENANT_ID } from './reference-data';
import {
  clientUsers,
  corporations,
  notifications,
  properties,
  reminders,
  reminderSubscriptions,
  tenantUsers,
  userRoles,
} from './schema';

export const DEMO_PASSWORD = 'Demo-Passw0rd!';
export const ACME_TENANT_ID = '0a0a0a0a-0000-4000-8000-000000000ac3';
export const BIRCH_TENANT_ID = '0b0b0b0b-0000-4000-8000-000000000b1c';

interface DemoUser {
  tenantId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
}

export const demoUsers: readonly DemoUser[] = [
  {
    tenantId: SYSTEM_TENANT_ID,
    email: 'sysadmin@demo.test',
    firstName: 'Sam',
    lastName: 'Operator',
    role: Role.SystemAdmin,
  },
  {
    tenantId: ACME_TENANT_ID,
    email: 'admin@acme.test',
    firstName: 'Alice',
    lastName: 'Admin',
    role: Role.CorporateAdmin,
  },
  {
    tenantId: ACME_TENANT_ID,
    email: 'manager@acme.test',
    firstName: 'Marco',
    lastName: 'Manager',
    role: Role.Managers,
  },
  {
    tenantId: ACME_TENANT_ID,
    email: 'realtor@acme.test',
    firstName: 'Rita',
    lastName: 'Realtor',
    role: Role.Realtor,
  },
  {
    tenantId: ACME_TENANT_ID,
    email: 'realtor2@acme.test',
    firstName: 'Ray',
    lastName: 'Reyes',
    role: Role.Realtor,
  },
  {
    tenantId: BIRCH_TENANT_ID,
    email: 'admin@birch.test',
    firstName: 'Bea',
    lastName: 'Birch',
    role: Role.CorporateAdmin,
  },
  {
    tenantId: BIRCH_TENANT_ID,
    email: 'realtor@birch.test',
    firstName: 'Ben',
    lastName: 'Brooks',
    role: Role.Realtor,
  },
];

const firstNames = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'Elijah',
  'Sophia',
  'James',
  'Isabella',
  'Lucas',
  'Mia',
  'Mateo',
  'Amelia',
  'Ethan',
  'Harper',
  'Leo',
  'Evelyn',
  'Jack',
  'Abigail',
  'Owen',
];
const lastNames = [
  'Johnson',
  'Garcia',
  'Nguyen',
  'Patel',
  "O'Brien",
  'Smith',
  'Martinez',
  'Kim',
  'Brown',
  'Davis',
  'Lopez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Moore',
  'Jackson',
  'White',
  'Harris',
  'Clark',
  'Lewis',
];
const streets = [
  'Maple Street',
  'Oak Avenue',
  'Cedar Lane',
  'Pine Road',
  'Elm Court',
  'Birch Drive',
  'Willow Way',
  'Lakeview Terrace',
];
const places = [
  { city: 'Springfield', state: 'IL', zip: '62704' },
  { city: 'Austin', state: 'TX', zip: '78701' },
  { city: 'Portland', state: 'OR', zip: '97205' },
  { city: 'Raleigh', state: 'NC', zip: '27601' },
  { city: 'Denver', state: 'CO', zip: '80202' },
];

/** Demo reminders that fall due within the first minute (one each for the first clients). */
export const demoRemindersDueAtStart = 5;

/** Acme's settings as the demo seeds them; the rest are the columns' defaults. */
export const acmeCorporation = {
  id: ACME_TENANT_ID,
  name: 'Acme Realty',
  siteName: 'Acme Realty Home Care',
  siteUrl: 'https://acme-realty.example',
  contactEmail: 'office@acme.test',
  contactPhone: '5550102000',
  addressLine: '100 Main Street',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  licensedProperties: 100,
  licenseStartsOn: '2026-01-01',
  licenseEndsOn: '2027-12-31',
};

/** True when no user exists yet: demo data is only ever added to an empty database. */
export async function isEmptyDatabase(db: Pick<Database, 'select'>): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(tenantUsers);
  return (row?.count ?? 0) === 0;
}

/**
 * The demo world of README.md: the operator, Acme Realty (40 clients) and Birch Homes (10
 * clients), with a few reminders falling due in the first minute so a new user sees them flow.
 * Returns false, adding nothing, when the database has a user by the time it would start.
 */
export async function seedDemoData(db: Database, now = new Date()): Promise<boolean> {
  const passwordHashes = await Promise.all(demoUsers.map(() => hashPassword(DEMO_PASSWORD)));
  const catalogue = await db
    .select({ id: reminders.id, frequencyId: reminders.defaultFrequencyId, season: reminders.season })
    .from(reminders);
  // The reminders falling due at start are sent at once, so they are of tasks without a season.
  const anyTime = catalogue.filter((reminder) => reminder.season === null);

  return db.transaction(async (tx) => {
    // Another process starting at the same moment may have seeded it meanwhile.
    await lockDataPreparation(tx);
    if (!(await isEmptyDatabase(tx))) return false;

    await tx.insert(corporations).values([
      acmeCorporation,
      {
        id: BIRCH_TENANT_ID,
        name: 'Birch Homes',
        siteName: 'Birch Homes',
        contactEmail: 'hello@birch.test',
        addressLine: '9 Birch Boulevard',
        city: 'Portland',
        state: 'OR',
        zip: '97205',
        licensedProperties: 25,
        licenseStartsOn: '2026-01-01',
        licenseEndsOn: '2026-12-31',
      },
    ]);
    // Like every corporation the operator adds, the demo ones start with the default reminders.
    await seedDefaultReminders(tx, [ACME_TENANT_ID, BIRCH_TENANT_ID]);

    const insertedUsers = await tx
      .insert(tenantUsers)
      .values(
        demoUsers.map((user, index) => ({
          tenantId: user.tenantId,
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          phone: `555010${String(1000 + index)}`,
          passwordHash: passwordHashes[index] ?? null,
          passwordChangedAt: now,
        })),
      )
      .returning({ tenantId: tenantUsers.tenantId, id: tenantUsers.id, email: tenantUsers.email });
    const userByEmail = new Map(insertedUsers.map((user) => [user.email, user]));
    await tx.insert(userRoles).values(
      demoUsers.map((user) => ({
        tenantId: user.tenantId,
        userId: userByEmail.get(user.email)!.id,
        roleName: user.role,
      })),
    );

    const acmeRealtors = ['realtor@acme.test', 'realtor2@acme.test'].map(
      (email) => userByEmail.get(email)!.id,
    );
    const birchRealtors = ['realtor@birch.test'].map((email) => userByEmail.get(email)!.id);
    let clientNumber = 0;
    const addClients = async (tenantId: string, count: number, realtorIds: string[], domain: string) => {
      for (let index = 0; index < count; index += 1) {
        clientNumber += 1;
        const firstName = firstNames[clientNumber % firstNames.length]!;
        const lastName = lastNames[(clientNumber * 7) % lastNames.length]!;
        const place = places[clientNumber % places.length]!;
        const [client] = await tx
          .insert(clientUsers)
          .values({
            tenantId,
            realtorId: realtorIds[index % realtorIds.length]!,
            firstName,
            lastName,
            email: `${firstName}.${lastName.replace("'", '')}.${clientNumber}@${domain}`.toLowerCase(),
            phone: `555020${String(1000 + clientNumber)}`,
            // Every ninth client is disabled, to show the status filter with real rows.
            enabled: index % 9 !== 8,
          })
          .returning({ id: clientUsers.id, enabled: clientUsers.enabled });
        const [property] = await tx
          .insert(properties)
          .values({
            tenantId,
            clientUserId: client!.id,
            addressLine: `${100 + clientNumber * 3} ${streets[clientNumber % streets.length]!}`,
            ...place,
            enabled: client!.enabled,
            // Every seventh property is still pending (for example, a sale not yet closed).
            pending: index % 7 === 6,
          })
          .returning({ id: properties.id });
        const picks = [0, 1, 2].map((offset) => catalogue[(clientNumber + offset * 5) % catalogue.length]!);
        if (clientNumber <= demoRemindersDueAtStart && picks[0]!.season !== null) {
          picks[0] = anyTime.find((reminder) => !picks.includes(reminder))!;
        }
        await tx.insert(reminderSubscriptions).values(
          picks.map((reminder, pick) => {
            // The first five clients each have one reminder falling due in the first minute after
            // start-up, ten seconds apart: a new user sees reminders reach the outbox at once.
            // A seasonal task's date is moved into its season where the property is.
            const nextDueAt =
              clientNumber <= demoRemindersDueAtStart && pick === 0
                ? new Date(now.getTime() + clientNumber * 10_000)
                : demoDueInSeason(
                    new Date(now.getTime() + ((clientNumber * 3 + pick * 11) % 90) * 86_400_000 + 3_600_000),
                    monthsOfSeason(reminder.season, place),
                    DEFAULT_TIME_ZONE,
                  );
            return {
              tenantId,
              propertyId: property!.id,
              reminderId: reminder.id,
              maintenanceFrequencyId: reminder.frequencyId,
              nextDueAt,
              // The demo corporations keep the default zone; each schedule counts from its next date.
              anchorOn: localDateText(localDateOf(nextDueAt, DEFAULT_TIME_ZONE)),
              season: reminder.season,
            };
          }),
        );
      }
    };
    await addClients(ACME_TENANT_ID, 40, acmeRealtors, 'example.com');
    await addClients(BIRCH_TENANT_ID, 10, birchRealtors, 'example.org');

    await tx.insert(notifications).values([
      {
        title: 'Welcome to HomeMinder',
        body: 'Your reminders now go out automatically. Add your clients one by one or upload a spreadsheet.',
        severity: 'info',
        startsAt: now,
      },
      {
        title: 'Scheduled maintenance',
        body: 'The portal will be unavailable on Sunday from 02:00 to 03:00 (Eastern) for planned upgrades.',
        severity: 'warning',
        startsAt: now,
        endsAt: new Date(now.getTime() + 30 * 86_400_000),
      },
      {
        title: 'New reminder tasks',
        body: 'Chimney sweeping and pest inspection are now in the reminder catalogue.',
        severity: 'info',
        startsAt: now,
      },
    ]);
    return true;
  });
}
