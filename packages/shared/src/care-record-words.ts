// The words, limits and who-did-it rule of a home's care record (docs/decisions/094), without the
// API's schemas: the emailed link's page takes these alone, so its code carries no validation
// library (contracts/care-record.ts has the rest and re-exports these).

export const careRecordLimits = {
  title: 120,
  proName: 100,
  note: 1000,
  /** The largest cost one entry may carry, in dollars. */
  maxCost: 1_000_000,
  /** The oldest year work may be recorded for. */
  firstYear: 1900,
  perHome: 2000,
  filesPerEntry: 5,
} as const;

/** Who did the work. */
export const careDoers = { self: 'We did it ourselves', pro: 'A professional' } as const;
export type CareDoer = keyof typeof careDoers;
export const careDoerNames = Object.keys(careDoers) as [CareDoer, ...CareDoer[]];

/** The words of the record's fields, on every form that asks them. */
export const careRecordLabels = {
  title: 'What was done',
  titlePlaceholder: 'Replaced the water heater',
  doneOn: 'Date done',
  system: 'System or appliance',
  noSystem: 'None in particular',
  replacesSystem: 'This put in a new one (its age starts again)',
  proName: 'Who did it',
  proNameHint: 'The company or person, if not you',
  proPhone: 'Their phone',
  cost: 'Cost',
  note: 'Note',
  details: 'Who did it and what it cost (optional)',
  files: 'Photos and receipts',
  /** One of them, as the audit log names it. */
  file: 'Photo or receipt',
} as const;

/** Work with a professional's name or phone was theirs; else the homeowner's own. */
export function careDoerOf(values: { proName?: string | null; proPhone?: string | null }): CareDoer {
  return values.proName?.trim() || values.proPhone?.trim() ? 'pro' : 'self';
}

/**
 * The details a "Done" form posts (its fields `proName`, `proPhone` and `cost`), as the reply calls
 * take them: a browser's FormData or a server's posted fields.
 */
export function careDetailsOfForm(text: (name: string) => string) {
  const proName = text('proName').trim();
  const proPhone = text('proPhone').trim();
  const cost = text('cost').trim();
  // Left out, the work is the homeowner's (`careDetailsOf`).
  return {
    ...(careDoerOf({ proName, proPhone }) === 'pro' ? { doneBy: 'pro' as const } : {}),
    ...(proName ? { proName } : {}),
    ...(proPhone ? { proPhone } : {}),
    ...(cost ? { cost } : {}),
  };
}
