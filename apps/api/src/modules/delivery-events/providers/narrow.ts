/**
 * Narrowing for the providers' untrusted JSON: every reader goes through these, so a field of the
 * wrong type reads as absent and never reaches the service as `undefined` or throws a TypeError.
 */

export type JsonRecord = Record<string, unknown>;

export const isRecord = (value: unknown): value is JsonRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A non-blank string, trimmed; anything else is absent. */
export const text = (value: unknown): string | null => {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

/** An ISO 8601 date-time as a Date; anything else (or an impossible date) is absent. */
export const isoInstant = (value: unknown): Date | null => {
  const given = text(value);
  if (given === null) return null;
  const at = new Date(given);
  return Number.isNaN(at.getTime()) ? null : at;
};

/** Unix seconds (a number, or digits as text) as a Date. */
export const unixInstant = (value: unknown): Date | null => {
  const seconds = typeof value === 'string' && /^\d{1,12}$/.test(value) ? Number(value) : value;
  if (typeof seconds !== 'number' || !Number.isSafeInteger(seconds) || seconds < 0) return null;
  return new Date(seconds * 1000);
};

/** JSON.parse that answers `undefined` for text that is not JSON instead of throwing. */
export const parseJson = (raw: string): unknown => {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
};
