import { describe, expect, it } from 'vitest';
import { debugMoment } from './debug-page';

describe('debugMoment', () => {
  const expiry = Date.parse('2026-11-29T02:54:28Z');

  it('writes DDMMMYYYY hh:mm in the corporation zone, and names the zone', () => {
    expect(debugMoment(expiry, 'America/New_York')).toBe('28NOV2026 21:54 America/New_York');
  });

  it('writes UTC, named, while no corporation is known', () => {
    expect(debugMoment(expiry, undefined)).toBe('29NOV2026 02:54 UTC');
  });

  it('says there is none without a moment', () => {
    expect(debugMoment(null, 'America/New_York')).toBe('(none)');
  });
});
