import { sql } from 'drizzle-orm';
import { allPrivileges, startingRolePrivileges, type Role } from '@homeminder/shared/permissions';
import type { TaskNeed } from '@homeminder/shared/home-plan';
import type { Season } from '@homeminder/shared/seasons';
import type { Database } from './client';
import { corporations, maintenanceFrequencies, privileges, reminders, rolePrivileges, roles } from './schema';

/** The operator's own tenant; its users hold the system privileges. */
export const SYSTEM_TENANT_ID = '00000000-0000-4000-8000-000000000001';

export const frequencyCatalogue = [
  { id: 1, name: 'Monthly', intervalMonths: 1, sortOrder: 1 },
  { id: 2, name: 'Every 2 months', intervalMonths: 2, sortOrder: 2 },
  { id: 3, name: 'Quarterly', intervalMonths: 3, sortOrder: 3 },
  { id: 4, name: 'Semi-annual', intervalMonths: 6, sortOrder: 4 },
  { id: 5, name: 'Annual', intervalMonths: 12, sortOrder: 5 },
  { id: 6, name: 'Every 2 years', intervalMonths: 24, sortOrder: 6 },
  { id: 7, name: 'Every 3 years', intervalMonths: 36, sortOrder: 7 },
] as const;

const MONTHLY = 1;
const QUARTERLY = 3;
const SEMI_ANNUAL = 4;
const ANNUAL = 5;
const EVERY_3_YEARS = 7;

/**
 * The shared catalogue a new installation starts with: each task's name, description, category,
 * frequency, season, place in the default set new corporations get (null when not in it), and
 * what a home needs for it to fit (docs/decisions/090; null: every home).
 * Only missing tasks are added, so an installation in use keeps its catalogue: a change to a task
 * here reaches it by a migration that makes the same change (a test checks that both end alike).
 */
export const reminderCatalogue = [
  [
    'Replace HVAC filter',
    'Swap the furnace or air-handler filter to keep air clean and the system efficient.',
    'Heating & cooling',
    QUARTERLY,
    null,
    0,
    'forcedAir',
  ],
  [
    'Service heating system',
    'Have a technician inspect and tune the furnace or boiler before the cold season.',
    'Heating & cooling',
    ANNUAL,
    'beforeWinter',
    5,
    'furnaceOrBoiler',
  ],
  [
    'Service air conditioner',
    'Clean the condenser coils and have the AC checked before summer.',
    'Heating & cooling',
    ANNUAL,
    'beforeSummer',
    6,
    'airConditioner',
  ],
  [
    'Test smoke and CO detectors',
    'Press the test button on every smoke and carbon-monoxide alarm.',
    'Safety',
    MONTHLY,
    null,
    1,
    null,
  ],
  [
    'Replace smoke detector batteries',
    'Fit fresh batteries in every battery-powered alarm.',
    'Safety',
    ANNUAL,
    null,
    null,
    null,
  ],
  [
    'Check fire extinguishers',
    'Make sure the gauge is in the green and the pin and seal are intact.',
    'Safety',
    SEMI_ANNUAL,
    null,
    null,
    null,
  ],
  [
    'Clean gutters and downspouts',
    'Clear leaves and debris so rain drains away from the foundation.',
    'Exterior',
    SEMI_ANNUAL,
    'springAndAutumn',
    2,
    'ownRoof',
  ],
  [
    'Inspect the roof',
    'Look for missing or damaged shingles, flashing and signs of leaks.',
    'Exterior',
    ANNUAL,
    'spring',
    null,
    'ownRoof',
  ],
  [
    'Flush the water heater',
    'Drain a few gallons from the tank to remove sediment.',
    'Plumbing',
    ANNUAL,
    null,
    3,
    'tankWaterHeater',
  ],
  [
    'Test the sump pump',
    'Pour water into the pit and make sure the pump starts and drains it.',
    'Plumbing',
    QUARTERLY,
    null,
    null,
    'sumpPump',
  ],
  [
    'Clean the dryer vent',
    'Remove lint from the vent duct to prevent fires and speed up drying.',
    'Appliances',
    ANNUAL,
    null,
    4,
    'dryer',
  ],
  [
    'Clean refrigerator coils',
    'Vacuum the condenser coils behind or under the fridge.',
    'Appliances',
    SEMI_ANNUAL,
    null,
    null,
    'refrigerator',
  ],
  [
    'Replace refrigerator water filter',
    'Fit a new water and ice filter.',
    'Appliances',
    SEMI_ANNUAL,
    null,
    null,
    'fridgeWaterFilter',
  ],
  [
    'Clean the range hood filter',
    'Degrease the kitchen exhaust filter.',
    'Appliances',
    QUARTERLY,
    null,
    null,
    'rangeHood',
  ],
  [
    'Clean garbage disposal',
    'Freshen and clean the disposal with ice and baking soda.',
    'Plumbing',
    MONTHLY,
    null,
    null,
    null,
  ],
  [
    'Check caulking and grout',
    'Reseal gaps around tubs, showers and sinks to stop water damage.',
    'Interior',
    ANNUAL,
    null,
    null,
    null,
  ],
  [
    'Inspect windows and doors for drafts',
    'Replace worn weather-stripping and seal gaps.',
    'Interior',
    ANNUAL,
    'beforeWinter',
    null,
    null,
  ],
  [
    'Service the lawn sprinkler system',
    'Check heads and winterize or start up the irrigation system.',
    'Exterior',
    SEMI_ANNUAL,
    'springAndAutumn',
    null,
    'irrigation',
  ],
  [
    'Have the chimney swept',
    'Have the flue inspected and cleaned before using the fireplace.',
    'Safety',
    ANNUAL,
    'beforeWinter',
    null,
    'chimney',
  ],
  [
    'Pest inspection',
    'Check for termites, rodents and other pests around the foundation.',
    'Exterior',
    ANNUAL,
    'spring',
    null,
    null,
  ],
  [
    'Protect pipes and outdoor faucets',
    'Shut off and drain outdoor faucets, disconnect hoses and insulate pipes in unheated spaces.',
    'Plumbing',
    ANNUAL,
    'beforeFrost',
    null,
    null,
  ],
  [
    'Pump the septic tank',
    'Have the tank inspected and pumped so that solids never reach the drain field.',
    'Plumbing',
    EVERY_3_YEARS,
    null,
    null,
    'septic',
  ],
  [
    'Test the well water',
    'Have a certified lab test the water for bacteria, nitrates and other contaminants.',
    'Plumbing',
    ANNUAL,
    'spring',
    null,
    'well',
  ],
  [
    'Service the heat pump',
    "Clean the outdoor unit's coils, clear the plants around it and have the system checked.",
    'Heating & cooling',
    SEMI_ANNUAL,
    'springAndAutumn',
    null,
    'heatPump',
  ],
  [
    'Descale the tankless water heater',
    'Flush the heat exchanger with a descaling solution to remove mineral build-up.',
    'Plumbing',
    ANNUAL,
    null,
    null,
    'tanklessWaterHeater',
  ],
  [
    'Winterize the irrigation system',
    'Shut off the water to the sprinklers and blow out the lines before the first frost.',
    'Exterior',
    ANNUAL,
    'beforeFrost',
    null,
    'irrigation',
  ],
  [
    'Service the pool or spa',
    'Check the pump, filter and heater, and clean the filter before the swimming season.',
    'Exterior',
    ANNUAL,
    'beforeSummer',
    null,
    'pool',
  ],
] as const satisfies ReadonlyArray<
  readonly [
    name: string,
    description: string,
    category: string,
    frequencyId: number,
    season: Season | null,
    defaultPosition: number | null,
    needs: TaskNeed | null,
  ]
>;

/**
 * Serialises the start-up data steps of processes starting at once on one database: held until
 * the caller's transaction ends, after which the next process sees what the first one wrote.
 */
export async function lockDataPreparation(tx: Pick<Database, 'execute'>): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
}

/**
 * Reference data every installation needs: privileges, starting roles, the reminder catalogue,
 * the maintenance frequencies and the operator's tenant. Idempotent: safe at every start.
 */
export async function ensureReferenceData(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await lockDataPreparation(tx);
    await tx
      .insert(privileges)
      .values(allPrivileges.map((name) => ({ name })))
      .onConflictDoNothing();
    const roleNames = Object.keys(startingRolePrivileges) as Role[];
    await tx
      .insert(roles)
      .values(roleNames.map((name) => ({ name })))
      .onConflictDoNothing();
    // Only the first start assigns the starting privileges; later edits of a role are kept.
    const [assigned] = await tx.select({ count: sql<number>`count(*)::int` }).from(rolePrivileges);
    if ((assigned?.count ?? 0) === 0) {
      await tx
        .insert(rolePrivileges)
        .values(
          roleNames.flatMap((roleName) =>
            startingRolePrivileges[roleName].map((privilegeName) => ({ roleName, privilegeName })),
          ),
        );
    }
    await tx
      .insert(maintenanceFrequencies)
      .values([...frequencyCatalogue])
      .onConflictDoNothing();
    await tx
      .insert(reminders)
      .values(
        reminderCatalogue.map(
          ([name, description, category, defaultFrequencyId, season, defaultPosition, needs]) => ({
            name,
            description,
            category,
            defaultFrequencyId,
            season,
            defaultPosition,
            needs,
          }),
        ),
      )
      .onConflictDoNothing();
    await tx
      .insert(corporations)
      .values({ id: SYSTEM_TENANT_ID, name: 'HomeMinder Operations', isSystem: true, licensedProperties: 0 })
      .onConflictDoNothing();
  });
}
