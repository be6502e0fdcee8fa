import { describe, expect, it } from 'vitest';
import { restartQuestion, unsubscribedCell, unsubscribedHeadline } from './unsubscribed';

// Midday UTC: the same calendar day in every time zone the tests may run in.
const at = '2026-11-24T12:00:00.000Z';

describe('unsubscribed clients', () => {
  it('says plainly that nothing is sent, and since when', () => {
    expect(unsubscribedHeadline(at)).toBe('Unsubscribed on 24NOV2026 — no reminders are sent');
    expect(unsubscribedCell(at)).toEqual({ title: 'Unsubscribed 24NOV2026', hint: 'no reminders sent' });
  });

  it('asks before starting again, naming the date the client asked to stop', () => {
    const question = restartQuestion({ firstName: 'Noah', lastName: 'Garcia' }, at);
    expect(question.title).toBe('Start reminders for Noah Garcia again?');
    expect(question.body).toContain('Noah Garcia asked to stop all reminder emails on 24NOV2026');
    expect(question.body).toContain('only if Noah asked you to');
  });
});
