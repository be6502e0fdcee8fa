import { NUDGE_AFTER_DAYS } from '@homeminder/shared/reminder-timing';
import type { HeardCadence } from '@homeminder/shared/email-cadence';

/**
 * What the dispatcher does with a claimed subscription (docs/decisions/102), decided from its
 * dates alone: which email it sends, if any, and the subscription's dates after it.
 *
 * - `ahead`: claimed before its due date (the home's lead time): the reminder goes now, and the
 *   due date is remembered so that on the day the schedule moves on without a second email.
 * - `due`: claimed on its due date: the reminder goes, unless it went ahead; the schedule moves on.
 * - `nudge`: claimed for its nudge: the reminder goes once more, unless anyone replied since it went.
 *
 * Every reminder that goes schedules its nudge a week after its due date. A subscription that may
 * not send (paused, unsubscribed, ...) moves on the same way and sends nothing. A client who hears
 * monthly, or not at all for now (docs/decisions/103), is sent none of these: their due dates move
 * on the same way and each one that comes is kept (`passedDueAt`) for the monthly email's overdue list.
 */
export type ReminderStage = 'ahead' | 'due' | 'nudge';

export interface ClaimedDates {
  nextDueAt: Date;
  remindedDueAt: Date | null;
  nudgeAt: Date | null;
  nudgeDueAt: Date | null;
  passedDueAt: Date | null;
}

/** A claimed subscription: its dates, whether it may send at all, and how its client hears. */
export interface ClaimedRow extends ClaimedDates {
  sendable: boolean;
  heard: HeardCadence;
}

export interface ReminderStep {
  /** The email to send, or null. */
  stage: ReminderStage | null;
  /** The due date the email names and its links answer. */
  dueAt: Date;
  dates: ClaimedDates;
}

const nudgeDelayMs = NUDGE_AFTER_DAYS * 86_400_000;

/** The step of a subscription claimed because its time to remind came (`remind_at`). */
export function remindStep(row: ClaimedRow, at: Date, nextDueAfterToday: () => Date): ReminderStep {
  const dueAt = row.nextDueAt;
  const emails = row.sendable && row.heard === 'each';
  const nudge = (sends: boolean) =>
    sends
      ? { nudgeAt: new Date(dueAt.getTime() + nudgeDelayMs), nudgeDueAt: dueAt }
      : { nudgeAt: row.nudgeAt, nudgeDueAt: row.nudgeDueAt };
  if (dueAt.getTime() > at.getTime()) {
    return {
      stage: emails ? 'ahead' : null,
      dueAt,
      dates: {
        nextDueAt: dueAt,
        remindedDueAt: dueAt,
        ...nudge(emails),
        passedDueAt: row.passedDueAt,
      },
    };
  }
  const wentAhead = row.remindedDueAt?.getTime() === dueAt.getTime();
  const sends = emails && !wentAhead;
  return {
    stage: sends ? 'due' : null,
    dueAt,
    dates: {
      nextDueAt: nextDueAfterToday(),
      remindedDueAt: null,
      ...nudge(sends),
      passedDueAt: row.sendable ? dueAt : row.passedDueAt,
    },
  };
}

/** The step of a subscription claimed for its nudge (`nudge_at`). */
export function nudgeStep(row: ClaimedRow & { replied: boolean }): ReminderStep {
  const dueAt = row.nudgeDueAt ?? row.nextDueAt;
  const emails = row.sendable && row.heard === 'each';
  return {
    stage: emails && !row.replied && row.nudgeDueAt !== null ? 'nudge' : null,
    dueAt,
    dates: {
      nextDueAt: row.nextDueAt,
      remindedDueAt: row.remindedDueAt,
      nudgeAt: null,
      nudgeDueAt: null,
      passedDueAt: row.passedDueAt,
    },
  };
}
