// The kinds of systems and appliances a home may list, their details, limits and words, free of zod
// so that the screens that only name a system load without the validation library;
// contracts/home-systems.ts re-exports them beside its schemas (docs/decisions/089).

interface TextDetail {
  input: 'text';
  /** What a valid answer looks like, and the message when it does not. */
  pattern: RegExp;
  message: string;
  placeholder: string;
}
interface NumberDetail {
  input: 'number';
  min: number;
  max: number;
  unit: string;
}
interface YesNoDetail {
  input: 'yesNo';
}
interface ChoiceDetail {
  input: 'choice';
  options: Readonly<Record<string, string>>;
}
type HomeSystemDetailDescription = { label: string; hint?: string } & (
  TextDetail | NumberDetail | YesNoDetail | ChoiceDetail
);

/** The details a task may need, each kept in a column of its own. */
export const homeSystemDetails = {
  filterSize: {
    label: 'Filter size',
    hint: 'Printed on the edge of the filter, in inches.',
    input: 'text',
    pattern: /^\d{1,2}(\.\d{1,2})?\s*[x×]\s*\d{1,2}(\.\d{1,2})?\s*[x×]\s*\d{1,2}(\.\d{1,2})?$/i,
    message: 'Write the filter size as width x height x depth in inches, such as 16x25x1.',
    placeholder: '16x25x1',
  },
  capacity: { label: 'Capacity', input: 'number', min: 1, max: 500, unit: 'gallons' },
  waterFilter: { label: 'Water filter', hint: 'A filter for the water and ice dispenser.', input: 'yesNo' },
  fuel: {
    label: 'Fuel',
    input: 'choice',
    options: { naturalGas: 'Natural gas', propane: 'Propane', diesel: 'Diesel', gasoline: 'Gasoline' },
  },
} as const satisfies Record<string, HomeSystemDetailDescription>;

export type HomeSystemDetailName = keyof typeof homeSystemDetails;
export const homeSystemDetailNames = Object.keys(homeSystemDetails) as HomeSystemDetailName[];

export function homeSystemDetail(name: HomeSystemDetailName): HomeSystemDetailDescription {
  return homeSystemDetails[name];
}

interface HomeSystemKindDescription {
  label: string;
  /** What its types are called ("Material" for a roof); "Type" when left out. */
  typeLabel?: string;
  types?: Readonly<Record<string, string>>;
  details?: readonly HomeSystemDetailName[];
}

/** Every kind of system or appliance a home may list, in the order the form offers them. */
export const homeSystemKinds = {
  heating: {
    label: 'Heating',
    types: {
      gasFurnace: 'Gas furnace',
      electricFurnace: 'Electric furnace',
      heatPump: 'Heat pump',
      boiler: 'Boiler',
    },
    details: ['filterSize'],
  },
  cooling: {
    label: 'Cooling',
    types: { centralAir: 'Central air', heatPump: 'Heat pump', miniSplit: 'Ductless mini-split' },
    details: ['filterSize'],
  },
  waterHeater: {
    label: 'Water heater',
    types: {
      tankGas: 'Tank, gas',
      tankElectric: 'Tank, electric',
      tankless: 'Tankless',
      heatPump: 'Heat pump',
    },
    details: ['capacity'],
  },
  roof: {
    label: 'Roof',
    typeLabel: 'Material',
    types: {
      asphaltShingle: 'Asphalt shingles',
      metal: 'Metal',
      tile: 'Clay or concrete tile',
      slate: 'Slate',
      woodShake: 'Wood shakes',
      flat: 'Flat (membrane or built-up)',
    },
  },
  smokeAlarms: {
    label: 'Smoke and CO alarms',
    types: { battery: 'Battery-powered', hardwired: 'Hardwired, with battery backup' },
  },
  chimney: { label: 'Chimney or fireplace', types: { wood: 'Wood-burning', gas: 'Gas' } },
  sumpPump: { label: 'Sump pump' },
  waterSoftener: { label: 'Water softener' },
  garageDoorOpener: { label: 'Garage door opener' },
  refrigerator: { label: 'Refrigerator', details: ['waterFilter'] },
  dishwasher: { label: 'Dishwasher' },
  washer: { label: 'Washing machine' },
  dryer: { label: 'Dryer', types: { electric: 'Electric', gas: 'Gas' } },
  rangeHood: { label: 'Range hood' },
  generator: {
    label: 'Generator',
    types: { standby: 'Standby (fixed)', portable: 'Portable' },
    details: ['fuel'],
  },
  solar: { label: 'Solar panels' },
} as const satisfies Record<string, HomeSystemKindDescription>;

export type HomeSystemKind = keyof typeof homeSystemKinds;
export const homeSystemKindNames = Object.keys(homeSystemKinds) as [HomeSystemKind, ...HomeSystemKind[]];

/** A kind's description, as the common type. */
export function homeSystemKind(kind: HomeSystemKind): HomeSystemKindDescription {
  return homeSystemKinds[kind];
}

/** The details a kind asks for. */
export function detailsOf(kind: HomeSystemKind): readonly HomeSystemDetailName[] {
  return homeSystemKind(kind).details ?? [];
}

export const homeSystemLimits = {
  perHome: 40,
  brand: 60,
  model: 60,
  serial: 60,
  notes: 1000,
  /** The oldest year a system may have been installed in. */
  firstYear: 1900,
} as const;

export const homeSystemMessages = {
  kindUnknown: 'Choose what it is from the list.',
  typeUnknown: (label: string) => `Choose the ${label.toLowerCase()} from the list, or "Not sure".`,
  installedYear: (last: number) =>
    `The year it was installed must be from ${homeSystemLimits.firstYear} to ${last}, or left empty.`,
  installedMonth: 'Choose the month it was installed from the list, or "Not sure".',
  monthWithoutYear: 'Give the year it was installed too, or leave the month as "Not sure".',
  detailNumber: (label: string, min: number, max: number, unit: string) =>
    `${label} must be a whole number of ${unit} from ${min} to ${max}, or left empty.`,
  detailChoice: (label: string) => `Choose the ${label.toLowerCase()} from the list, or "Not sure".`,
  detailYesNo: (label: string) => `Answer yes, no or "Not sure" for ${label.toLowerCase()}.`,
  tooMany: `A home can list at most ${homeSystemLimits.perHome} systems and appliances. Remove one first.`,
  notFound: 'That system or appliance was not found.',
  saved: (title: string) => `${title} saved.`,
  removed: (title: string) => `${title} removed.`,
} as const;
