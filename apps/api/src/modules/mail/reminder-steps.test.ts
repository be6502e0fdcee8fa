import { describe, expect, it } from 'vitest';
import { nudgeStep, remindStep } from './reminder-steps';

const day = 86_400_000;
const at = new Date('2026-12-05T14:00:00Z');
const due = new Date(at.getTime() + 7 * day);
const following = new Date(due.getTime() + 91 * day);
const fresh = { remindedDueAt: null, nudgeAt: null, nudgeDueAt: null, passedDueAt: null };
const each = { sendable: true, heard: 'each' } as const;

describe('remindStep', () => {
  it('sends ahead of the due date, keeps the date and schedules the nudge a week after it', () => {
    const step = remindStep({ ...fresh, nextDueAt: due, ...each }, at, () => following);
    expect(step).toEqual({
      stage: 'ahead',
      dueAt: due,
      dates: {
        nextDueAt: due,
        remindedDueAt: due,
        nudgeAt: new Date(due.getTime() + 7 * day),
        nudgeDueAt: due,
        passedDueAt: null,
      },
    });
  });

  it('moves on silently on a due date whose email went ahead, keeping its nudge and the date that came', () => {
    const nudge = { nudgeAt: new Date(due.getTime() + 7 * day), nudgeDueAt: due };
    const step = remindStep(
      { nextDueAt: due, remindedDueAt: due, ...nudge, passedDueAt: null, ...each },
      due,
      () => following,
    );
    expect(step).toEqual({
      stage: null,
      dueAt: due,
      dates: { nextDueAt: following, remindedDueAt: null, ...nudge, passedDueAt: due },
    });
  });

  it('sends on the due date otherwise, and a paused one sends nothing, schedules no nudge and owes nothing', () => {
    expect(remindStep({ ...fresh, nextDueAt: at, ...each }, at, () => following).stage).toBe('due');
    const paused = remindStep({ ...fresh, nextDueAt: at, ...each, sendable: false }, at, () => following);
    expect(paused).toEqual({ stage: null, dueAt: at, dates: { ...fresh, nextDueAt: following } });
  });

  it('sends a client who hears monthly or not at all nothing, but keeps the date that came for the monthly email', () => {
    for (const heard of ['monthly', 'none'] as const) {
      const ahead = remindStep({ ...fresh, nextDueAt: due, sendable: true, heard }, at, () => following);
      expect(ahead.stage).toBeNull();
      expect(ahead.dates.nudgeAt).toBeNull();
      const onTheDay = remindStep({ ...fresh, nextDueAt: at, sendable: true, heard }, at, () => following);
      expect(onTheDay).toEqual({
        stage: null,
        dueAt: at,
        dates: { ...fresh, nextDueAt: following, passedDueAt: at },
      });
    }
  });
});

describe('nudgeStep', () => {
  const claimed = {
    nextDueAt: following,
    remindedDueAt: null,
    nudgeAt: at,
    nudgeDueAt: due,
    passedDueAt: due,
    ...each,
  };

  it('nudges about the due date of the reminder, once', () => {
    expect(nudgeStep({ ...claimed, replied: false })).toEqual({
      stage: 'nudge',
      dueAt: due,
      dates: { nextDueAt: following, remindedDueAt: null, nudgeAt: null, nudgeDueAt: null, passedDueAt: due },
    });
  });

  it('sends nothing when someone replied, the reminder may not send now, or the client now hears monthly', () => {
    expect(nudgeStep({ ...claimed, replied: true }).stage).toBeNull();
    expect(nudgeStep({ ...claimed, sendable: false, replied: false }).stage).toBeNull();
    expect(nudgeStep({ ...claimed, heard: 'monthly', replied: false }).stage).toBeNull();
  });
});
