import { emptyHomeProfile } from '@homeminder/shared/contracts/home-profile';
import type { HomeownerHome, HomeownerOverview } from '@homeminder/shared/contracts/homeowner';
import type { TextSettings } from '@homeminder/shared/contracts/texts';
import { json } from '../../test/fetch';
import { textsOffered } from '../../test/texts';

/** An active home with one quarterly reminder, due at 09:00 in New York on Tuesday, 1 December 2026. */
export const activeHome: HomeownerHome = {
  id: 'home-1',
  addressLine: '12 Elm Street',
  city: 'Springfield',
  state: 'MA',
  zip: '01101',
  status: 'active',
  leadDays: 0,
  emailCadence: 'each',
  reminders: [
    {
      id: 'sub-1',
      task: 'Replace HVAC filter',
      howTo: 'Slide the old filter out and put a new one in, arrow towards the furnace.',
      frequency: 'Quarterly',
      // 09:00 in New York on a Tuesday; 02:00 the next day in Tokyo.
      nextDueAt: '2026-12-01T14:00:00.000Z',
      on: true,
    },
  ],
};

/** Hana's overview as the homeowner pages read it: one active home, her realtor, the brand. */
export const testOverview: HomeownerOverview = {
  firstName: 'Hana',
  lastName: 'Homeowner',
  email: 'hana@example.org',
  timeZone: 'America/New_York',
  unsubscribedAt: null,
  emailStopped: null,
  hasCalendarFeed: false,
  homes: [activeHome],
  realtor: { name: 'Rita Realtor', email: 'realtor@acme.test', phone: '5551234567', hasPhoto: false },
  brand: {
    siteName: 'Acme Realty',
    colour: '#1c7ed6',
    hasLogo: false,
    contactEmail: null,
    contactPhone: null,
  },
};

/** Texts where the portal cannot text: the card is not shown. */
const textsOff: TextSettings = { ...textsOffered, offered: false, suggestedPhone: null };

/** What a home's own reads give before anything is known of it, by the path's last part. */
const homeReads: Record<string, unknown> = {
  profile: emptyHomeProfile,
  systems: { items: [] },
  plan: {
    fits: [],
    add: [],
    stop: [],
    climate: 'Zone 4A, mixed and humid (ZIP code 20001). Seasons here: mild winters.',
  },
  record: { items: [], costByYear: [], today: '2026-11-30' },
  sale: { sale: null, realtors: [] },
  'sold-homes': { homes: [] },
  health: { score: 100, band: 'good', reasons: [], scoredOn: '2026-11-30' },
  texts: textsOff,
};

/** A GET of the homeowner's pages as their tests serve it: a home's own reads (none yet), else `data`. */
export function homeownerGet(url: string, data: unknown): Response {
  const last = new URL(url, 'http://test').pathname.split('/').at(-1) ?? '';
  return json(last in homeReads ? homeReads[last] : data);
}
