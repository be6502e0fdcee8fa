import { brandName } from '@homeminder/shared/brand';
import type {
  ReplyPreview,
  ReplyRequest,
  ReplyResult,
  ClientActivity,
  ClientTimeline,
} from '@homeminder/shared/contracts/replies';
import {
  alreadyRecordedMessage,
  replyMessages,
  canPutOffYet,
  maxPutOffs,
  type ReplyKind,
  type ReplySource,
} from '@homeminder/shared/reply-words';
import { formatDueDateInWords } from '@homeminder/shared/due-date';
import { localDateText, scheduleTimeZone, zonedInstant } from '@homeminder/shared/schedule';
import { monthsOfSeason } from '@homeminder/shared/climate';
import { messages } from '@homeminder/shared/validation/messages';
import type { Caller } from '../../access/auth-context';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import { readReplyToken } from '../../lib/reply-token';
import { defaultBrandColour } from '../../lib/mail/layout';
import { mailLinks } from '../../lib/mail/links';
import type { Signer } from '../../lib/signing';
import { scopeOf } from '../clients';
import { propertyAddress } from '../mail';
import { doneOnProblem, putOffDate, realLocalDate, scheduleAfterDone, todayIn } from './reply-dates';
import type { RepliedSubscription, RepliesRepository } from './replies.repository';
import { queueHelpRequest } from './help-email';
import { timelinePage } from './timeline';
import type { TimelineRepository } from './timeline.repository';
import { rescoreHomes, type CareRecordRepository, type HomeHealthRepository } from '../home-record';
import { careDetailsOf, type CareDetails } from '@homeminder/shared/contracts/care-record';

interface Dependencies {
  replies: RepliesRepository;
  /** Where a "done" is written in the home's care record (docs/decisions/094). */
  careRecord: Pick<CareRecordRepository, 'addDone'>;
  /** A home's kept health score, which a "done" or a "later" can change (docs/decisions/095). */
  health: Pick<HomeHealthRepository, 'inputsOf' | 'keep'>;
  timeline: TimelineRepository;
  signing: Signer;
  /** The portal's address for links in emails, ending with the base path. */
  portalUrl: string;
  now: () => Date;
}

/** One reply to one occurrence of a reminder, however it came (a signed link, or a signed-in person). */
export interface ReplyInput {
  tenantId: string;
  clientUserId: string;
  subscriptionId: string;
  /** The due date the person replied to: the occurrence's, or the date it was put off to. */
  dueAt: Date;
  kind: ReplyKind;
  note?: string | null | undefined;
  /** "Done" only, 'YYYY-MM-DD': today in the property's zone when left out. */
  doneOn?: string | undefined;
  /** "Done" only: who did it and what it cost, for the home's care record. */
  care?: CareDetails | undefined;
  source: ReplySource;
  actorUserId?: string | null;
}

type Target = RepliedSubscription;

/** How many replies of the Activity panel are shown. */
const activityLimit = 200;

/**
 * Homeowners' replies to reminders (docs/decisions/061): "done" starts the schedule again from the
 * day it was done, "remind me later" moves one occurrence a week, "I'd like help" tells the
 * client's realtor at once. `recordReply` is the one way a reply is recorded, whether from the
 * signed links of an email or from a signed-in person.
 */
export function repliesService({
  replies,
  careRecord,
  health,
  timeline,
  signing,
  portalUrl,
  now,
}: Dependencies) {
  const links = mailLinks(signing, portalUrl);
  const zonesOf = (target: Target) => ({
    // Dates count in the property's zone (docs/decisions/024) and read in the corporation's (052).
    schedule: scheduleTimeZone(target.propertyTimeZone, target.corporationTimeZone),
    words: scheduleTimeZone(target.corporationTimeZone),
  });

  /** Where the occurrence stands for this reply: given already, refused, or what it would do. */
  async function assess(target: Target, tenantId: string, kind: ReplyKind, shownDueAt: Date, at: Date) {
    const zones = zonesOf(target);
    const words = (value: Date | string) => formatDueDateInWords(value, zones.words);
    const occurrence = await replies.occurrenceOf(tenantId, target.subscriptionId, shownDueAt);
    const given = await replies.repliesTo(tenantId, target.subscriptionId, occurrence);
    const done = given.find((one) => one.kind === 'done');
    const putOffs = given.filter((one) => one.kind === 'later');
    const recorded = (one: (typeof given)[number], detail: string | null) => ({
      onText: words(one.createdAt),
      detail,
    });
    const doneDetail = (one: (typeof given)[number]) =>
      one.doneOn ? `Done on ${words(zonedInstant(realLocalDate(one.doneOn)!, 12, zones.words))}` : null;
    let alreadyRecorded = null;
    let refusal: string | null = null;
    let movedTo: Date | null = null;
    if (kind === 'done' && done) alreadyRecorded = recorded(done, doneDetail(done));
    const help = given.find((one) => one.kind === 'help');
    if (kind === 'help' && help) alreadyRecorded = recorded(help, null);
    if (kind === 'later') {
      const mine = putOffs.find((one) => one.movedFrom?.getTime() === shownDueAt.getTime());
      if (mine) alreadyRecorded = recorded(mine, mine.movedTo ? `Moved to ${words(mine.movedTo)}` : null);
      else if (done) refusal = replyMessages.alreadyDone;
      else if (putOffs.length >= maxPutOffs) refusal = replyMessages.tooManyPutOffs;
      else if (!canPutOffYet(shownDueAt, at)) refusal = replyMessages.notDueSoon;
      else {
        movedTo = putOffDate(
          {
            anchorOn: target.anchorOn,
            nextDueAt: target.nextDueAt,
            intervalMonths: target.intervalMonths,
            months: monthsOfSeason(target.season, target),
            timeZone: zones.schedule,
          },
          shownDueAt,
          at,
        );
        if (!movedTo) refusal = replyMessages.nextComesSooner;
      }
    }
    return {
      occurrence,
      alreadyRecorded,
      refusal,
      movedTo,
      putOffsLeft: Math.max(0, maxPutOffs - putOffs.length),
    };
  }

  /** The day a reply says the task was done: the one given, checked, or today in the property's zone. */
  function doneDay(target: Target, doneOn: string | undefined, at: Date) {
    const today = todayIn(at, zonesOf(target).schedule);
    if (doneOn === undefined) return today;
    const date = realLocalDate(doneOn);
    if (!date) throw new BadRequestError(replyMessages.doneOnInvalid);
    const problem = doneOnProblem(date, today);
    if (problem === 'future') throw new BadRequestError(replyMessages.doneOnInFuture);
    if (problem === 'tooOld') throw new BadRequestError(replyMessages.doneOnTooOld);
    return date;
  }

  /** Records a reply inside the corporation's transaction, the subscription already locked. */
  async function record(target: Target, input: ReplyInput): Promise<ReplyResult> {
    const at = now();
    const { tenantId, kind } = input;
    const state = await assess(target, tenantId, kind, input.dueAt, at);
    if (state.alreadyRecorded) {
      return {
        message: alreadyRecordedMessage(state.alreadyRecorded.onText),
        nextDueText: null,
        recorded: false,
      };
    }
    if (state.refusal) throw new ConflictError(state.refusal);
    const note = input.note?.trim() ? input.note.trim() : null;
    const doneOn = kind === 'done' ? doneDay(target, input.doneOn, at) : null;
    let nextDueAt: Date | null = state.movedTo;
    const inserted = await replies.insertReply({
      tenantId,
      kind,
      clientUserId: input.clientUserId,
      propertyId: target.propertyId,
      subscriptionId: target.subscriptionId,
      reminderId: target.reminderId,
      dueAt: state.occurrence,
      movedFrom: kind === 'later' ? input.dueAt : null,
      movedTo: state.movedTo,
      doneOn: doneOn ? localDateText(doneOn) : null,
      note,
      source: input.source,
      actorUserId: input.actorUserId ?? null,
      createdAt: at,
    });
    if (inserted === null)
      return {
        message: alreadyRecordedMessage(formatDueDateInWords(at, zonesOf(target).words)),
        nextDueText: null,
        recorded: false,
      };
    await replies.markActivity(tenantId, input.clientUserId, at);
    if (doneOn) {
      await careRecord.addDone({
        tenantId,
        propertyId: target.propertyId,
        replyId: inserted,
        title: target.task,
        needs: target.needs,
        doneOn: localDateText(doneOn),
        note,
        details: input.care,
        recordedBy: input.actorUserId ?? null,
        at,
      });
      const next = scheduleAfterDone(
        {
          intervalMonths: target.intervalMonths,
          months: monthsOfSeason(target.season, target),
          timeZone: zonesOf(target).schedule,
        },
        doneOn,
        at,
      );
      nextDueAt = next.nextDueAt;
      await replies.moveSchedule(
        tenantId,
        target.subscriptionId,
        {
          nextDueAt: next.nextDueAt,
          anchorOn: localDateText(next.anchor),
          lastDoneOn: localDateText({ ...doneOn, day: 1 }),
        },
        at,
      );
    }
    // The dispatcher sends the moved occurrence on its new date: a due date of its own, so the
    // outbox's one email per (subscription, due date) lets it through once.
    if (state.movedTo)
      await replies.moveSchedule(tenantId, target.subscriptionId, { nextDueAt: state.movedTo }, at);
    // A task done or put off is no longer overdue: the grid and Home read the new score at once.
    if (kind !== 'help') await rescoreHomes(health, tenantId, [target.propertyId], at);
    if (kind === 'help') {
      await queueHelpRequest(
        { replies, links },
        target,
        {
          tenantId,
          clientUserId: input.clientUserId,
          dueDateText: formatDueDateInWords(input.dueAt, zonesOf(target).words),
          note,
        },
        at,
      );
    }
    return {
      message: replyMessages[kind],
      nextDueText: nextDueAt ? formatDueDateInWords(nextDueAt, zonesOf(target).words) : null,
      recorded: true,
    };
  }

  /** The claim of a link, whose client and subscription still exist; one message for every failure. */
  async function claimOf(kind: ReplyKind, token: string) {
    const claim = await readReplyToken(signing, kind, token, now());
    if (!claim) throw new BadRequestError(replyMessages.invalidLink);
    return claim;
  }
  async function targetOf(
    tenantId: string,
    clientUserId: string,
    subscriptionId: string,
    notFound: () => Error,
  ) {
    const target = await replies.repliedSubscription(tenantId, clientUserId, subscriptionId);
    if (!target) throw notFound();
    return target;
  }
  const invalidLink = () => new BadRequestError(replyMessages.invalidLink);

  async function activityOf(tenantId: string, clientUserId: string): Promise<ClientActivity> {
    const rows = await replies.clientReplies(tenantId, clientUserId, activityLimit);
    return {
      items: rows.map((row) => ({
        id: row.id,
        kind: row.kind as ReplyKind,
        source: row.source as ReplySource,
        task: row.task,
        propertyId: row.propertyId,
        propertyAddress: propertyAddress(row),
        dueAt: row.dueAt.toISOString(),
        doneOn: row.doneOn,
        movedTo: row.movedTo?.toISOString() ?? null,
        note: row.note,
        createdAt: row.createdAt.toISOString(),
        handledAt: row.handledAt?.toISOString() ?? null,
        handledByName: row.handledByName,
        handledNote: row.handledNote,
      })),
    };
  }

  return {
    /**
     * Records one reply: for a link of an email and for a signed-in person alike. Replying again
     * records nothing and says when it was recorded.
     */
    recordReply(input: ReplyInput): Promise<ReplyResult> {
      return replies.inTenant(input.tenantId, async () =>
        record(
          await targetOf(
            input.tenantId,
            input.clientUserId,
            input.subscriptionId,
            () => new NotFoundError(replyMessages.unknownSubscription),
          ),
          input,
        ),
      );
    },

    /** What a link's page shows before anything is done; changes nothing. */
    async preview(kind: ReplyKind, token: string): Promise<ReplyPreview> {
      const claim = await claimOf(kind, token);
      return replies.inTenant(claim.tenantId, async () => {
        const target = await targetOf(claim.tenantId, claim.clientUserId, claim.subscriptionId, invalidLink);
        // Opening a reminder's link is an answer: a quiet client hears as they chose again.
        await replies.markClicked(claim.tenantId, claim.clientUserId);
        const at = now();
        const state = await assess(target, claim.tenantId, kind, claim.dueAt, at);
        const zones = zonesOf(target);
        return {
          action: kind,
          brand: {
            name: brandName({ siteName: target.siteName, name: target.corporationName }),
            colour: target.brandColour ?? defaultBrandColour,
          },
          clientFirstName: target.clientFirstName,
          task: target.task,
          propertyAddress: propertyAddress(target),
          dueDateText: formatDueDateInWords(claim.dueAt, zones.words),
          today: localDateText(todayIn(at, zones.schedule)),
          movedToText: state.movedTo ? formatDueDateInWords(state.movedTo, zones.words) : null,
          putOffsLeft: state.putOffsLeft,
          toRealtor: target.realtorEmail !== null,
          refusal: state.refusal,
          alreadyRecorded: state.alreadyRecorded,
        };
      });
    },

    /** The reply of a link's page, when its button is pressed. */
    async reply(kind: ReplyKind, request: ReplyRequest): Promise<ReplyResult> {
      const claim = await claimOf(kind, request.token);
      return replies.inTenant(claim.tenantId, async () =>
        record(await targetOf(claim.tenantId, claim.clientUserId, claim.subscriptionId, invalidLink), {
          ...claim,
          note: request.note,
          doneOn: request.doneOn,
          care: kind === 'done' ? careDetailsOf(request) : undefined,
          source: 'email',
        }),
      );
    },

    /**
     * A client's timeline for the staff's client panel, newest first, a page at a time, in the
     * realtor's scope (docs/decisions/064).
     */
    async clientActivity(
      { auth }: Caller,
      clientUserId: string,
      page: { before?: string | undefined; limit: number },
    ): Promise<ClientTimeline> {
      const scope = scopeOf(auth);
      const id = clientUserId.toLowerCase();
      if (!(await replies.clientInScope(scope.tenantId, scope.realtorId, id))) {
        throw new NotFoundError(messages.unableClientUser);
      }
      return timelinePage(timeline, scope.tenantId, id, page);
    },

    /**
     * The signed-in homeowner's own replies, newest first: the caller has checked who they are. A
     * handled help request says when; who handled it and their note are for the staff (decision 063).
     */
    async ownHistory(tenantId: string, clientUserId: string): Promise<ClientActivity> {
      const { items } = await activityOf(tenantId, clientUserId);
      return { items: items.map((item) => ({ ...item, handledByName: null, handledNote: null })) };
    },
  };
}
export type RepliesService = ReturnType<typeof repliesService>;
