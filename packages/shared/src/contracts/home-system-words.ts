/**
 * A home's systems in words (docs/decisions/089): titles, ages, details, the facts the audit log
 * compares and the warranty's notice, as the screens, emails and log write them.
 */
import { formatCount, formatDay, monthNames } from '../format';
import { homeProfileMessages } from './home-profile';
import {
  homeSystemKind,
  homeSystemDetail,
  detailsOf,
  type HomeSystemValues,
  type HomeSystemDetailName,
} from './home-systems';

export const monthOptions = monthNames.map((name, index) => ({ value: String(index + 1), label: name }));

/** "Water heater (Tank, gas)", or the kind alone when its type is not known. */
export function homeSystemTitle(system: Pick<HomeSystemValues, 'kind' | 'type'>): string {
  const kind = homeSystemKind(system.kind);
  const type = system.type ? kind.types?.[system.type] : undefined;
  return type ? `${kind.label} (${type})` : kind.label;
}

/** "Installed March 2013, 13 years ago"; "Installed 2025, this year"; "Age not known". */
export function installedText(
  system: Pick<HomeSystemValues, 'installedYear' | 'installedMonth'>,
  today: Date,
): string {
  if (system.installedYear === null) return 'Age not known';
  const when = system.installedMonth
    ? `${monthNames[system.installedMonth - 1]} ${system.installedYear}`
    : String(system.installedYear);
  const years = today.getUTCFullYear() - system.installedYear;
  const age = years <= 0 ? 'this year' : years === 1 ? 'a year ago' : `${years} years ago`;
  return `Installed ${when}, ${age}`;
}

/** What is known of a system beyond its kind, in a line: its age, make and details. */
export function systemFactsLine(system: HomeSystemValues, today: Date): string {
  const make = [system.brand, system.model].filter(Boolean).join(' ');
  const details = detailsOf(system.kind)
    .filter((name) => system[name] !== null)
    .map(
      (name) => `${homeSystemDetail(name).label.toLowerCase()} ${homeSystemDetailText(name, system[name])}`,
    );
  return [installedText(system, today), make, ...details].filter(Boolean).join(' · ');
}

/** A detail's value in words, as the lists and the audit log write it. */
export function homeSystemDetailText(
  name: HomeSystemDetailName,
  value: string | number | boolean | null,
): string {
  const detail = homeSystemDetail(name);
  if (value === null || value === '') return homeProfileMessages.notSure;
  if (detail.input === 'yesNo') return value ? homeProfileMessages.yes : homeProfileMessages.no;
  if (detail.input === 'choice') return detail.options[String(value)] ?? String(value);
  if (detail.input === 'number') return `${String(value)} ${detail.unit}`;
  return String(value);
}

/**
 * The facts of a system as people read them, in the form's order, each with its label: what the
 * staff's view lists and what the audit log compares, before and after.
 */
export function homeSystemFacts(system: HomeSystemValues): Record<string, string | null> {
  const kind = homeSystemKind(system.kind);
  const facts: Record<string, string | null> = {
    [kind.typeLabel ?? 'Type']: system.type ? (kind.types?.[system.type] ?? system.type) : null,
    Installed:
      system.installedYear === null
        ? null
        : system.installedMonth
          ? `${monthNames[system.installedMonth - 1]} ${system.installedYear}`
          : String(system.installedYear),
    Brand: system.brand,
    Model: system.model,
    'Serial number': system.serial,
  };
  for (const name of detailsOf(system.kind)) {
    const value = system[name];
    facts[homeSystemDetail(name).label] = value === null ? null : homeSystemDetailText(name, value);
  }
  facts['Warranty ends'] = system.warrantyEndsOn ? formatDay(system.warrantyEndsOn) : null;
  facts.Notes = system.notes;
  return facts;
}

/** How early a warranty's end is told: 60 days before, and again at 14 (docs/decisions/089). */
export const warrantyNoticeDays = [60, 14] as const;

/** Days until the warranty's last day, when that is within the first notice; null otherwise. */
export function warrantyDaysLeft(
  system: Pick<HomeSystemValues, 'warrantyEndsOn'>,
  today: Date,
): number | null {
  if (!system.warrantyEndsOn) return null;
  const end = Date.parse(`${system.warrantyEndsOn}T00:00:00Z`);
  const start = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const days = Math.round((end - start) / 86_400_000);
  return days >= 0 && days <= warrantyNoticeDays[0] ? days : null;
}

/**
 * A warranty ending soon, in the card's and the email's words: "Its warranty ends in 14 days, on
 * 14DEC2026: have anything that is wrong with it looked at before then." `whose` names the thing
 * where "Its" would not do ("Your water heater's").
 */
export function warrantyNoticeText(daysLeft: number, endsOn: string, whose = 'Its'): string {
  const when = daysLeft === 0 ? 'today' : `in ${formatCount(daysLeft, 'day')}`;
  return `${whose} warranty ends ${when}, on ${endsOn}: have anything that is wrong with it looked at before then.`;
}
