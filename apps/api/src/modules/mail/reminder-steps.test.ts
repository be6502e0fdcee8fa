import { describe, expect, it } from 'vitest';
import { nudgeStep, remindStep } from './reminder-steps';

const day = 86_400_000;
const at = new Date('2026-12-05T14:00:00Z');
const due = new Date(at.getTime() + 7 * day);
const following = new Date(due.getTime() + 91 * day);
const fresh = { remindedDueAt: null, nudgeAt: null, nudgeDueAt: null };

describe('remindStep', () => {
  it('sends ahead of the due date, keeps the date and schedules the nudge a week after it', () => {
    const step = remindStep({ ...fresh, nextDueAt: due, sendable: true }, at, () => following);
    expect(step).toEqual({
      stage: 'ahead',
      dueAt: due,
      dates: {
        nextDueAt: due,
        remindedDueAt: due,
        nudgeAt: new Date(due.getTime() + 7 * day),
        nudgeDueAt: due,
      },
    });
  });

  it('moves on silently on a due date whose email went ahead, keeping its nudge', () => {
    const nudge = { nudgeAt: new Date(due.getTime() + 7 * day), nudgeDueAt: due };
    const step = remindStep(
      { nextDueAt: due, remindedDueAt: due, ...nudge, sendable: true },
      due,
      () => following,
    );
    expect(step).toEqual({
      stage: null,
      dueAt: due,
      dates: { nextDueAt: following, remindedDueAt: null, ...nudge },
    });
  });

  it('sends on the due date otherwise, and a paused one sends nothing and schedules no nudge', () => {
    expect(remindStep({ ...fresh, nextDueAt: at, sendable: true }, at, () => following).stage).toBe('due');
    const paused = remindStep({ ...fresh, nextDueAt: at, sendable: false }, at, () => following);
    expect(paused).toEqual({ stage: null, dueAt: at, dates: { ...fresh, nextDueAt: following } });
  });
});

describe('nudgeStep', () => {
  const claimed = { nextDueAt: following, remindedDueAt: null, nudgeAt: at, nudgeDueAt: due, sendable: true };

  it('nudges about the due date of the reminder, once', () => {
    expect(nudgeStep({ ...claimed, replied: false })).toEqual({
      stage: 'nudge',
      dueAt: due,
      dates: { nextDueAt: following, remindedDueAt: null, nudgeAt: null, nudgeDueAt: null },
    });
  });

  it('sends nothing when someone replied or the reminder may not send now', () => {
    expect(nudgeStep({ ...claimed, replied: true }).stage).toBeNull();
    expect(nudgeStep({ ...claimed, sendable: false, replied: false }).stage).toBeNull();
  });
});
