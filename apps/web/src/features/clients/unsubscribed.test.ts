import { describe, expect, it } from 'vitest';
import { restartQuestion, unsubscribedCell, unsubscribedHeadline } from './unsubscribed';

// 02:00 UTC on 25 November is still 24 November in the corporation's zone.
const at = '2026-11-25T02:00:00.000Z';
const zone = 'America/New_York';

describe('unsubscribed clients', () => {
  it('says plainly that nothing is sent, and since when, in the corporation’s zone', () => {
    expect(unsubscribedHeadline(at, zone)).toBe('Unsubscribed on 24NOV2026 — no reminders are sent');
    expect(unsubscribedCell(at, zone)).toEqual({
      title: 'Unsubscribed 24NOV2026',
      hint: 'no reminders sent',
    });
    expect(unsubscribedCell(at, 'Pacific/Auckland').title).toBe('Unsubscribed 25NOV2026');
  });

  it('leaves the date out until the corporation’s zone is known', () => {
    expect(unsubscribedHeadline(at, undefined)).toBe('Unsubscribed — no reminders are sent');
    expect(unsubscribedCell(at, undefined).title).toBe('Unsubscribed');
  });

  it('asks before starting again, naming the date the client asked to stop', () => {
    const question = restartQuestion({ firstName: 'Noah', lastName: 'Garcia' }, at, zone);
    expect(question.title).toBe('Start reminders for Noah Garcia again?');
    expect(question.body).toContain('Noah Garcia asked to stop all reminder emails on 24NOV2026');
    expect(question.body).toContain('only if Noah asked you to');
  });
});
