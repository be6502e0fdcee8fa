/**
 * A corporation's license: how many client properties it may have enabled, and until when. It is
 * what the corporation pays for, so only the operator changes it (docs/decisions/051).
 */
import { PRODUCT_NAME } from './constants';
import { formatDay, formatNumber } from './format';
import { localDateOf, scheduleTimeZone } from './schedule';

/** The day an instant falls on in the zone, as YYYY-MM-DD. */
export function dayIn(at: Date, timeZone: string | null | undefined): string {
  const { year, month, day } = localDateOf(at, scheduleTimeZone(timeZone));
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * True once the license's last day (`endsOn`, YYYY-MM-DD, included) is over in the corporation's
 * time zone. A license without an end date never ends.
 */
export function licenseHasEnded(
  endsOn: string | null | undefined,
  timeZone: string | null | undefined,
  at: Date,
): boolean {
  return Boolean(endsOn) && dayIn(at, timeZone) > endsOn!;
}

/** The license's last day once it has ended, else null: what the screens are told. */
export function licenseEndedOn(
  endsOn: string | null | undefined,
  timeZone: string | null | undefined,
  at: Date,
): string | null {
  return licenseHasEnded(endsOn, timeZone, at) ? endsOn! : null;
}

/** Every message about the license, each written once for the server and the screens. */
export const licenseMessages = {
  /** Whom a corporation asks to change its license. */
  whomToAsk: `Your license is set by ${PRODUCT_NAME}: to change the number of properties or the term, ask ${PRODUCT_NAME}.`,
  /** Refusal of a property enabled, or created enabled, after the license's last day. */
  ended: (endsOn: string) =>
    `The license ended on ${formatDay(endsOn)}: no property can be enabled until it is renewed. ` +
    `Keep the property pending, or ask ${PRODUCT_NAME} to renew the license.`,
  /** Why a form's "Enabled" cannot be chosen. */
  endedChoice: (endsOn: string) =>
    `The license ended on ${formatDay(endsOn)}, so a property can only be pending or disabled until it is renewed.`,
  /** Home's word on a license that has ended. */
  endedOnHome: (endsOn: string) =>
    `The license ended on ${formatDay(endsOn)}. No property can be enabled until ${PRODUCT_NAME} renews it.`,
  /** Home's word to a corporation that holds no license and has no active property yet. */
  noneHeld: `No licenses yet: properties can be added as pending until ${PRODUCT_NAME} sets your license.`,
  /** The licensing summary's word on unsubscribed properties (docs/decisions/082). */
  unsubscribedUse: (count: number) =>
    `${formatNumber(count)} ${count === 1 ? 'property whose client unsubscribed uses a license' : 'properties whose clients unsubscribed use a license'}: ` +
    `${count === 1 ? 'it gets' : 'they get'} no reminders, but ${count === 1 ? 'its license is' : 'their licenses are'} kept so the reminders can start again at the client's request. ` +
    `Disable ${count === 1 ? 'it' : 'them'} to free ${count === 1 ? 'its license' : 'their licenses'}.`,
  /** Refusal of a licensed number below the properties that use a license now. */
  belowUse: (used: number) =>
    `The company has ${formatNumber(used)} active ${used === 1 ? 'property' : 'properties'}: the license cannot be set below that. ` +
    'Ask the company to disable properties or mark them pending first.',
} as const;
