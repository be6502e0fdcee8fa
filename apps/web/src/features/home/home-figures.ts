// What Home shows of its numbers, as text the screen puts in the page: kept apart from the
// components so the rules (shares, colours, warnings, hidden tiles) are tested on their own.
import type { ClientStatusFilter, ClientSystemFilter } from '@homeminder/shared/contracts/clients';
import type { HomeSummary } from '@homeminder/shared/contracts/identity';
import { formatCount, formatNumber, plural } from '@homeminder/shared/format';
import { licenseMessages } from '@homeminder/shared/license';

/** The counts shown as tiles: every count but the licenses, which the license card shows. */
export type TileKey = Exclude<keyof HomeSummary, 'licensedProperties' | 'licenseEndedOn'>;

export interface TileDefinition {
  key: TileKey;
  label: string;
  hint: string;
  /** A Mantine colour name, for the tile's icon. */
  color: string;
  to?: string;
  /** Left out while it counts nothing. */
  hideZero?: boolean;
}

/** The client grid showing the properties of one status: the grid's own filter in its address. */
const clientsWithStatus = (status: ClientStatusFilter) => `/clients?status=${status}`;

export const tileDefinitions: readonly TileDefinition[] = [
  {
    key: 'clients',
    label: 'Clients',
    hint: 'homeowners and tenants you look after',
    color: 'blue',
    to: '/clients',
  },
  {
    key: 'enabledProperties',
    label: 'Active properties',
    hint: 'receiving reminders',
    color: 'teal',
    to: clientsWithStatus('enabled'),
  },
  {
    key: 'noReminderProperties',
    label: 'No reminders',
    hint: 'active, but no reminder chosen',
    color: 'orange',
    to: clientsWithStatus('noReminders'),
    hideZero: true,
  },
  {
    key: 'unsubscribedProperties',
    label: 'Unsubscribed',
    hint: 'clients asked to stop reminders',
    color: 'red',
    to: clientsWithStatus('unsubscribed'),
    hideZero: true,
  },
  {
    key: 'pendingProperties',
    label: 'Pending set-up',
    hint: 'waiting to be completed',
    color: 'yellow',
    to: clientsWithStatus('pending'),
  },
  {
    key: 'disabledProperties',
    label: 'Disabled properties',
    hint: 'reminders switched off',
    color: 'gray',
    to: clientsWithStatus('disabled'),
  },
  {
    key: 'replacementSoonProperties',
    label: 'Likely replacement soon',
    hint: 'homes with a system near the end of its life',
    color: 'yellow',
    to: `/clients?systems=${'replaceSoon' satisfies ClientSystemFilter}`,
    hideZero: true,
  },
  { key: 'dueNext30Days', label: 'Reminders due', hint: 'in the next 30 days', color: 'grape' },
  { key: 'realtors', label: 'Realtors', hint: 'in your company', color: 'indigo' },
  { key: 'corporateUsers', label: 'Office staff', hint: 'administrators and managers', color: 'cyan' },
  { key: 'corporations', label: 'Corporations', hint: 'customer accounts', color: 'blue' },
  { key: 'activeNotifications', label: 'Notifications', hint: 'active messages', color: 'orange' },
];

export interface LicenseFigures {
  /** Percent of the licenses in use, 0 to 100, as text. */
  share: string;
  used: string;
  licensed: string;
  /** The CSS colour of the ring's arc. */
  ringColor: string;
  /** Said when few or no licenses are left. */
  warning: { text: string; color: string } | null;
}

export interface TileFigures {
  key: TileKey;
  /** The count as shown. */
  value: string;
  /** The count as a screen reader hears it in the tile's name. */
  spokenValue: string;
}

export interface HomeFigures {
  license: LicenseFigures | null;
  tiles: TileFigures[];
}

/**
 * Licenses in use: enabled properties, including those of clients who unsubscribed and those with
 * no reminder (docs/decisions/052).
 */
function licenseFigures(summary: HomeSummary): LicenseFigures | null {
  if (summary.licensedProperties === null || summary.enabledProperties === null) return null;
  // An unsubscribed client's enabled property, or one without reminders, gets no reminders but
  // still uses its license.
  const used =
    summary.enabledProperties + (summary.unsubscribedProperties ?? 0) + (summary.noReminderProperties ?? 0);
  const licensed = summary.licensedProperties;
  const figures = { used: formatNumber(used), licensed: formatNumber(licensed) };
  // After its last day no property can be enabled, however many licenses are left.
  if (summary.licenseEndedOn) {
    return {
      ...figures,
      share: String(licensed > 0 ? Math.min(100, Math.round((used / licensed) * 100)) : 100),
      ringColor: 'var(--mantine-color-red-filled)',
      warning: {
        text: licenseMessages.endedOnHome(summary.licenseEndedOn),
        color: 'var(--mantine-color-red-8)',
      },
    };
  }
  // A corporation that holds no license and uses none has nothing to be warned about yet.
  if (licensed === 0 && used === 0) {
    return {
      ...figures,
      share: '0',
      ringColor: 'var(--mantine-color-gray-filled)',
      warning: { text: licenseMessages.noneHeld, color: 'var(--mantine-color-gray-7)' },
    };
  }
  const share = licensed > 0 ? Math.min(100, Math.round((used / licensed) * 100)) : 100;
  const ringColor = share >= 95 ? 'red' : share >= 80 ? 'yellow' : 'teal';
  const left = licensed - used;
  return {
    ...figures,
    share: String(share),
    ringColor: `var(--mantine-color-${ringColor}-filled)`,
    warning:
      share >= 80
        ? {
            text:
              left <= 0
                ? 'No licenses are left.'
                : `Only ${formatCount(left, 'license')} ${plural(left, 'is', 'are')} left.`,
            color: share >= 95 ? 'var(--mantine-color-red-8)' : 'var(--mantine-color-yellow-9)',
          }
        : null,
  };
}

/** Home's greeting: by first name, once the person is known. */
export function greeting(name: string | null): string {
  return `Welcome back${name ? `, ${name.split(' ')[0]}` : ''}.`;
}

/** Home's figures for `summary`: the license use, where the person may see it, and the tiles. */
export function homeFigures(summary: HomeSummary): HomeFigures {
  const tiles = tileDefinitions
    .filter(({ key, hideZero }) => summary[key] !== null && !(hideZero && summary[key] === 0))
    .map(({ key }) => {
      const value = summary[key] ?? 0;
      return { key, value: formatNumber(value), spokenValue: String(value) };
    });
  return { license: licenseFigures(summary), tiles };
}
