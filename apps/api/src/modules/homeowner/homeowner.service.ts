import type { AuditAction } from '@homeminder/shared/audit-labels';
import {
  homeownerMessages,
  type CalendarFeed,
  type HomeownerOverview,
  type HomeState,
} from '@homeminder/shared/contracts/homeowner';
import type { ChangePasswordInput } from '@homeminder/shared/contracts/tenant-users';
import { myHomePagePath } from '@homeminder/shared/routes';
import type { AuthContext } from '../../access/auth-context';
import type { CounterStore } from '../../lib/counter-store';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { defaultBrandColour } from '../../lib/mail/layout';
import { hashToken, newToken } from '../../lib/tokens';
import type { AuditService } from '../audit';
import {
  type ClientsRepository,
  restartClientReminders,
  resumeSubscriptions,
  switchProperty,
} from '../clients';
import type { MailRepository } from '../mail';
import { changePasswordWithProof } from '../tenant-users';
import { calendarFeed, feedRevisedAt } from './calendar-feed';
import type { HomeownerRepository } from './homeowner.repository';

/** The signed-in homeowner and their address, as the routes hand them over. */
export interface Homeowner {
  tenantId: string;
  clientId: string;
  auth: AuthContext;
  ip: string;
}

interface Dependencies {
  homeowners: HomeownerRepository;
  /** A client's changes go through the clients module's set-up, in one of its transactions. */
  clients: Pick<
    ClientsRepository,
    'overdueSubscriptions' | 'scheduleTimeZones' | 'setNextDueAt' | 'transaction'
  >;
  mail: Pick<MailRepository, 'unsubscribe'>;
  audit: AuditService;
  counters: CounterStore;
  /** The portal's address, ending with the base path: the feed's events link back to it. */
  portalUrl: string;
  now: () => Date;
}

const stateOf = (home: { enabled: boolean; pending: boolean }): HomeState =>
  !home.enabled ? 'paused' : home.pending ? 'pending' : 'active';

/**
 * The homeowner's own area (docs/decisions/062). Pausing a home and starting reminder emails
 * again are the staff's services with the homeowner as the one acting, so the rules of decisions
 * 025 and 043 hold the same; turning one reminder off pauses it (`paused_at`), keeping its
 * schedule, and turning it on again moves a date missed meanwhile to its next one.
 */
export function homeownerService(deps: Dependencies) {
  const { homeowners, clients, mail, audit, counters, portalUrl, now } = deps;
  const pageUrl = `${portalUrl}${myHomePagePath}`;

  const record = (
    who: Homeowner,
    action: AuditAction,
    recordType: string,
    recordId: string,
    details?: Record<string, unknown>,
  ) =>
    audit.record({
      tenantId: who.tenantId,
      actorUserId: who.clientId,
      action,
      recordType,
      recordId,
      ...(details && { details }),
      ipAddress: who.ip,
    });

  return {
    async overview({ tenantId, clientId }: Homeowner): Promise<HomeownerOverview> {
      const profile = await homeowners.profile(tenantId, clientId);
      if (!profile) throw new NotFoundError(homeownerMessages.homeNotFound);
      const homes = await homeowners.homes(tenantId, clientId);
      const subscriptions = await homeowners.subscriptions(tenantId, clientId);
      return {
        firstName: profile.firstName,
        lastName: profile.lastName,
        email: profile.email,
        timeZone: profile.timeZone,
        unsubscribedAt: profile.unsubscribedAt?.toISOString() ?? null,
        emailStopped: profile.emailStopped,
        hasCalendarFeed: profile.hasCalendarFeed,
        homes: homes.map((home) => ({
          id: home.id,
          addressLine: home.addressLine,
          city: home.city,
          state: home.state,
          zip: home.zip,
          status: stateOf(home),
          leadDays: home.leadDays,
          emailCadence: home.emailCadence,
          reminders: subscriptions
            .filter((subscription) => subscription.propertyId === home.id)
            .map((subscription) => ({
              id: subscription.id,
              task: subscription.task,
              howTo: subscription.howTo,
              frequency: subscription.frequency,
              nextDueAt: subscription.nextDueAt.toISOString(),
              on: subscription.pausedAt === null,
            })),
        })),
        realtor: profile.realtorEmail
          ? {
              name: `${profile.realtorFirstName} ${profile.realtorLastName}`,
              email: profile.realtorEmail,
              phone: profile.realtorPhone,
              hasPhoto: profile.realtorHasPhoto,
            }
          : null,
        brand: {
          siteName: profile.siteName,
          colour: profile.colour ?? defaultBrandColour,
          hasLogo: profile.hasLogo,
          contactEmail: profile.contactEmail,
          contactPhone: profile.contactPhone,
        },
      };
    },

    /** Turns one reminder off (paused, keeping its schedule) or on again. */
    async switchReminder(who: Homeowner, subscriptionId: string, on: boolean) {
      const subscription = await homeowners.ownSubscription(who.tenantId, who.clientId, subscriptionId);
      if (!subscription) throw new NotFoundError(homeownerMessages.reminderNotFound);
      const at = now();
      if ((subscription.pausedAt === null) !== on) {
        await homeowners.setSubscriptionPaused(who.tenantId, subscription.id, on ? null : at, at);
        if (on)
          await resumeSubscriptions(clients, who.tenantId, subscription.propertyId, at, subscription.id);
        await record(
          who,
          on ? 'subscription.resumed' : 'subscription.paused',
          'reminder-subscription',
          subscription.id,
          {
            reminderName: subscription.task,
          },
        );
      }
      return {
        message: on
          ? homeownerMessages.reminderOn(subscription.task)
          : homeownerMessages.reminderOff(subscription.task),
      };
    },

    /** Pauses or resumes a home, by the staff's rules (a pending home waits for the realtor). */
    async switchHome(who: Homeowner, propertyId: string, paused: boolean) {
      if (!(await homeowners.ownsHome(who.tenantId, who.clientId, propertyId)))
        throw new NotFoundError(homeownerMessages.homeNotFound);
      const result = await clients.transaction((repository, tx) =>
        switchProperty(
          { repository, tx, audit },
          {
            tenantId: who.tenantId,
            realtorId: null,
            clientUserId: who.clientId,
            actorUserId: who.clientId,
            ip: who.ip,
          },
          propertyId,
          !paused,
          now(),
        ),
      );
      if (result.status === 'pending') return { message: homeownerMessages.pendingHome };
      return { message: paused ? homeownerMessages.homePaused : homeownerMessages.homeResumed };
    },

    /** Stops every reminder email, as the link in the emails does (decision 028). */
    async unsubscribe(who: Homeowner) {
      const changed = await mail.unsubscribe(who.tenantId, who.clientId, now());
      if (!changed) throw new ConflictError(homeownerMessages.alreadyUnsubscribed);
      await record(who, 'client.unsubscribed', 'client-user', who.clientId);
      return { message: homeownerMessages.unsubscribed };
    },

    /** Starts the reminder emails again, by the staff's rule (decision 043). */
    async resubscribe(who: Homeowner) {
      await clients.transaction((repository, tx) =>
        restartClientReminders(
          { repository, tx, audit },
          { tenantId: who.tenantId, realtorId: null, actorUserId: who.clientId, ip: who.ip },
          who.clientId,
          now(),
        ),
      );
      return { message: homeownerMessages.resubscribed };
    },

    /**
     * The homeowner, signed in, says their address is right after it bounced or an email was
     * marked as spam (docs/decisions/101): mail goes to it again.
     */
    async confirmEmail(who: Homeowner) {
      const profile = await homeowners.profile(who.tenantId, who.clientId);
      if (!profile) throw new NotFoundError(homeownerMessages.homeNotFound);
      if (!(await homeowners.liftSuppression(who.tenantId, who.clientId))) {
        throw new ConflictError(homeownerMessages.emailNotStopped);
      }
      await record(who, 'client.email-confirmed', 'client-user', who.clientId);
      return { message: homeownerMessages.emailConfirmed(profile.email) };
    },

    /** Needs the current password; ends the homeowner's other sessions (this one stays). */
    async changePassword(who: Homeowner, input: ChangePasswordInput) {
      await changePasswordWithProof(counters, who.clientId, input, {
        currentHash: () => homeowners.passwordHash(who.tenantId, who.clientId),
        refused: async () => {
          await record(who, 'profile.password-change-refused', 'client-user', who.clientId);
          return homeownerMessages.wrongPassword;
        },
        save: (passwordHash) =>
          homeowners.setPassword(who.tenantId, who.clientId, passwordHash, now(), who.auth.tokenHash),
      });
      await record(who, 'profile.password-changed', 'client-user', who.clientId);
      return { message: homeownerMessages.passwordChanged };
    },

    /**
     * Makes a new private calendar address; the one before stops working. Only the token's hash
     * is kept, so the address is shown once, here.
     */
    async newCalendarFeed(who: Homeowner): Promise<CalendarFeed> {
      const token = newToken();
      await homeowners.setCalendarToken(who.tenantId, who.clientId, hashToken(token));
      await record(who, 'client.calendar-address-made', 'client-user', who.clientId);
      return { url: `${portalUrl}api/calendar/feed.ics?token=${encodeURIComponent(token)}` };
    },

    /**
     * The feed of a calendar address: the reminders that will be sent, the next 12 months, and
     * when it last changed (docs/decisions/067).
     */
    async calendar(token: string): Promise<{ text: string; revisedAt: Date }> {
      const owner = await homeowners.calendarOwner(hashToken(token.trim()));
      if (!owner) throw new NotFoundError(homeownerMessages.feedInvalid);
      return homeowners.inTenant(owner.tenantId, async () => {
        const profile = await homeowners.profile(owner.tenantId, owner.clientId);
        const homes = await homeowners.homes(owner.tenantId, owner.clientId);
        const active = new Map(
          homes.filter((home) => stateOf(home) === 'active').map((home) => [home.id, home]),
        );
        const subscriptions = await homeowners.subscriptions(owner.tenantId, owner.clientId);
        const timeZone = profile?.timeZone ?? 'America/New_York';
        const at = now();
        const revisedAt = feedRevisedAt(
          at,
          timeZone,
          await homeowners.calendarChangedAt(owner.tenantId, owner.clientId),
        );
        const text = calendarFeed({
          siteName: profile?.siteName ?? '',
          timeZone,
          pageUrl,
          now: at,
          revisedAt,
          reminders: subscriptions.flatMap((subscription) => {
            const home = active.get(subscription.propertyId);
            if (!home || subscription.pausedAt) return [];
            return [
              {
                ...subscription,
                address: `${home.addressLine}, ${home.city}, ${home.state} ${home.zip}`,
                propertyTimeZone: home.timeZone,
              },
            ];
          }),
        });
        return { text, revisedAt };
      });
    },

    realtorPhoto: ({ tenantId, clientId }: Homeowner) => homeowners.realtorPhoto(tenantId, clientId),
    brandLogo: ({ tenantId }: Homeowner) => homeowners.brandLogo(tenantId),
  };
}
export type HomeownerService = ReturnType<typeof homeownerService>;
