import type { AuditAction } from '@homeminder/shared/audit-labels';
import type {
  ChangePasswordInput,
  OwnPreferences,
  TenantUser,
  TenantUserCreate,
  TenantUserQuery,
  TenantUserToggle,
  TenantUserUpdate,
} from '@homeminder/shared/contracts/admin';
import { Role } from '@homeminder/shared/permissions';
import { messages } from '@homeminder/shared/validation/messages';
import type { CounterStore } from '../../lib/counter-store';
import { impersonationMessages } from '@homeminder/shared/contracts/auth';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  TooManyRequestsError,
} from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { AuthContext, Caller } from '../../access/auth-context';
import type { AccountService } from '../account';
import { auditChanges, type AuditService } from '../audit';
import type { SessionRepository } from '../auth';
import { isUniqueViolation } from '../../db/query-helpers';
import { accessibleTenant, actsAcrossTenants, tenantAccessMessages } from '../../access/tenant-access';
import type { StoredImage } from '../images';
import type { TenantUserBulkRequest } from '@homeminder/shared/contracts/client-selection';
import type { TenantUsersRepository } from './tenant-users.repository';
import { switchSelectedUsers } from './tenant-users-selection';

export const tenantUserMessages = {
  /** A user id that names no user the caller may see: the catalogue's words (docs/requirements.md §9). */
  notFound: messages.unableUser,
  emailInUse: 'An account with this email already exists. Use another email.',
  tooManyEmailsInUse: (minutes: number) =>
    `Many of the emails you entered were in use. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
  operatorUsers: "The operator's own users are not managed here.",
  notYourself: 'You cannot disable your own account.',
  ownRole: 'You cannot change your own role. Ask another administrator.',
  disabledNoReset: 'This account is disabled. Enable it before sending a password email.',
  resetSent: 'We have emailed the user a link to choose a new password. The link works for one hour.',
  resetLimit: 'Several password emails were sent to this user in the last hour. Please try again later.',
  temporaryPasswordSet:
    'The temporary password is set. Give it to the user in person or by phone; their open sessions have ended.',
  ownTemporaryPassword: 'Change your own password in your profile, with your current password.',
  currentPasswordWrong: 'The current password is not correct.',
  samePassword: 'Choose a new password that differs from the current one.',
  passwordChanged: 'Your password has been changed. Your other sessions have been signed out.',
  tooManyPasswordAttempts: 'Too many wrong current passwords. Please wait 15 minutes and try again.',
} as const;

export const passwordChangeAttempts = { windowMs: 15 * 60 * 1000, max: 5 } as const;

/**
 * Changes a signed-in person's password (staff or homeowner) on proof of the current one. Each
 * attempt is counted before the check, in one atomic step, so guesses sent at once cannot all be
 * checked; `refused` records a wrong current password and returns the message to refuse it with.
 */
export async function changePasswordWithProof(
  counters: CounterStore,
  personId: string,
  input: ChangePasswordInput,
  steps: {
    currentHash: () => Promise<string | null | undefined>;
    refused: () => Promise<string>;
    save: (passwordHash: string) => Promise<void>;
  },
): Promise<void> {
  const attemptsKey = `password-change:${personId}`;
  const attempt = await counters.increment(attemptsKey, passwordChangeAttempts.windowMs);
  if (attempt.count > passwordChangeAttempts.max) {
    await counters.decrement(attemptsKey, passwordChangeAttempts.windowMs);
    throw new TooManyRequestsError(tenantUserMessages.tooManyPasswordAttempts, attempt.resetInMs / 1000);
  }
  const currentHash = await steps.currentHash();
  if (!currentHash || !(await verifyPassword(currentHash, input.currentPassword))) {
    throw new BadRequestError(await steps.refused());
  }
  if (input.password === input.currentPassword) {
    await counters.decrement(attemptsKey, passwordChangeAttempts.windowMs);
    throw new BadRequestError(tenantUserMessages.samePassword);
  }
  await steps.save(await hashPassword(input.password));
  await counters.reset(attemptsKey, passwordChangeAttempts.windowMs);
}
/** Emails in use one person may be told of in an hour, adding or changing users. */
export const emailRefusals = { windowMs: 60 * 60 * 1000, max: 20 } as const;

interface Dependencies {
  users: TenantUsersRepository;
  sessions: SessionRepository;
  accounts: Pick<AccountService, 'sendPasswordLink'>;
  audit: AuditService;
  counters: CounterStore;
  now?: () => Date;
}

export function tenantUsersService({
  users,
  sessions,
  accounts,
  audit,
  counters,
  now = () => new Date(),
}: Dependencies) {
  const notFound = () => new NotFoundError(tenantUserMessages.notFound);

  async function record(
    actor: Caller,
    user: { tenantId: string; id: string },
    action: AuditAction,
    details?: Record<string, unknown>,
  ) {
    await audit.record({
      tenantId: user.tenantId,
      actorUserId: actor.auth.userId,
      action,
      recordType: 'tenant-user',
      recordId: user.id,
      ...(details ? { details } : {}),
      ipAddress: actor.ip,
    });
  }

  /** A user the actor may see: in the actor's corporation, or any for a cross-tenant administrator. */
  async function visibleUser(auth: AuthContext, id: string) {
    const user = await users.find(actsAcrossTenants(auth) ? null : auth.tenantId, id.toLowerCase());
    if (!user) throw notFound();
    return user;
  }

  /** A user the actor may change: visible, and not one of the operator's own. */
  async function changeableUser(auth: AuthContext, id: string) {
    const user = await visibleUser(auth, id);
    if (user.corporationIsSystem) throw new BadRequestError(tenantUserMessages.operatorUsers);
    return user;
  }

  function strip({
    corporationIsSystem: _,
    ...user
  }: TenantUser & { corporationIsSystem: boolean }): TenantUser {
    return user;
  }

  /**
   * A sign-in email is unique across the service, so one in use anywhere is refused, with the
   * same response whichever corporation holds it. Each person may be refused only so many an hour,
   * counted before the check, so the form cannot probe addresses in bulk (docs/decisions/049).
   */
  async function withFreeEmail<T>(
    actor: Caller,
    email: string,
    exceptUserId: string | undefined,
    work: () => Promise<T>,
  ): Promise<T> {
    const key = `email-refusals:${actor.auth.impersonator?.userId ?? actor.auth.userId}`;
    const refusals = await counters.increment(key, emailRefusals.windowMs);
    const giveBack = () => counters.decrement(key, emailRefusals.windowMs);
    if (refusals.count > emailRefusals.max) {
      await giveBack();
      const minutes = Math.max(1, Math.ceil(refusals.resetInMs / 60_000));
      throw new TooManyRequestsError(
        tenantUserMessages.tooManyEmailsInUse(minutes),
        refusals.resetInMs / 1000,
      );
    }
    let result: T;
    try {
      if (await users.emailInUse(email, exceptUserId)) throw new ConflictError(tenantUserMessages.emailInUse);
      result = await work();
    } catch (error) {
      // A refusal stays counted; anything else was not one.
      if (error instanceof ConflictError) throw error;
      if (isUniqueViolation(error)) throw new ConflictError(tenantUserMessages.emailInUse);
      await giveBack();
      throw error;
    }
    await giveBack();
    return result;
  }

  async function ownProfile(auth: AuthContext) {
    const profile = await users.ownProfile(auth.homeTenantId, auth.userId);
    if (!profile) throw notFound();
    return { ...profile, roles: auth.roles };
  }

  return {
    /** One corporation's users (or, for a cross-tenant administrator without a tenantId, everyone's). */
    async query(actor: Caller, query: TenantUserQuery, options: { realtorsOnly?: boolean } = {}) {
      const { auth } = actor;
      const tenantId = query.tenantId
        ? accessibleTenant(auth, query.tenantId)
        : actsAcrossTenants(auth)
          ? null
          : auth.tenantId;
      return users.list(tenantId, { ...query, ...(options.realtorsOnly ? { role: Role.Realtor } : {}) });
    },

    find: async (actor: Caller, id: string) => strip(await visibleUser(actor.auth, id)),

    async create(actor: Caller, input: TenantUserCreate) {
      const tenantId = input.tenantId ? accessibleTenant(actor.auth, input.tenantId) : actor.auth.tenantId;
      const corporation = await users.corporation(tenantId);
      if (!corporation) throw new NotFoundError(tenantAccessMessages.corporationNotFound);
      if (corporation.isSystem) throw new BadRequestError(tenantUserMessages.operatorUsers);
      const email = input.email.toLowerCase();
      const passwordHash = input.temporaryPassword ? await hashPassword(input.temporaryPassword) : null;
      const id = await withFreeEmail(actor, email, undefined, () =>
        users.create(
          tenantId,
          {
            email,
            firstName: input.firstName,
            lastName: input.lastName,
            phone: input.phone || null,
            passwordHash,
          },
          input.role,
          now(),
        ),
      );
      await record(actor, { tenantId, id }, 'tenant-user.created', {
        email,
        role: input.role,
        temporaryPassword: Boolean(passwordHash),
      });
      // Without a temporary password the user chooses one through the link in a welcome email.
      if (!passwordHash) {
        await accounts.sendPasswordLink(
          { tenantId, id, email, firstName: input.firstName },
          { ip: actor.ip, actorUserId: actor.auth.userId, welcome: true },
        );
      }
      return strip((await users.find(tenantId, id))!);
    },

    async update(actor: Caller, id: string, input: TenantUserUpdate) {
      const user = await changeableUser(actor.auth, id);
      if (user.id === actor.auth.userId && user.role !== input.role) {
        throw new BadRequestError(tenantUserMessages.ownRole);
      }
      const email = input.email.toLowerCase();
      // A sign-in email is never changed in another's name: it is where their password resets go.
      if (actor.auth.impersonator && email !== user.email.toLowerCase()) {
        throw new ForbiddenError(impersonationMessages.refusedWhileActing);
      }
      const updated = await withFreeEmail(actor, email, user.id, () =>
        users.update(
          user.tenantId,
          user.id,
          { email, firstName: input.firstName, lastName: input.lastName, phone: input.phone || null },
          input.role,
          now(),
        ),
      );
      if (!updated) throw notFound();
      const after = {
        firstName: input.firstName,
        lastName: input.lastName,
        email,
        phone: input.phone,
        role: input.role,
      };
      await record(actor, user, 'tenant-user.updated', {
        recordName: `${input.firstName} ${input.lastName}`,
        changes: auditChanges({ ...user, email: user.email.toLowerCase() }, after),
      });
      return strip((await users.find(user.tenantId, user.id))!);
    },

    /** Disabling ends the user's sessions; signing in is refused until they are enabled again. */
    async setEnabled(actor: Caller, target: TenantUserToggle, enabled: boolean) {
      const tenantId = accessibleTenant(actor.auth, target.tenantId);
      const user = await users.find(tenantId, target.userId.toLowerCase());
      if (!user) throw notFound();
      if (user.corporationIsSystem) throw new BadRequestError(tenantUserMessages.operatorUsers);
      if (!enabled && user.id === actor.auth.userId)
        throw new BadRequestError(tenantUserMessages.notYourself);
      if (!(await users.setEnabled(tenantId, user.id, enabled, now()))) throw notFound();
      await record(actor, user, enabled ? 'tenant-user.enabled' : 'tenant-user.disabled');
      return strip((await users.find(tenantId, user.id))!);
    },

    /** Enables or disables the selected users (docs/decisions/080). */
    setEnabledMany: (actor: Caller, request: TenantUserBulkRequest) =>
      switchSelectedUsers({ users, audit, now }, actor, request),

    async sendPasswordReset(actor: Caller, id: string) {
      const user = await changeableUser(actor.auth, id);
      if (!user.enabled) throw new BadRequestError(tenantUserMessages.disabledNoReset);
      const sent = await accounts.sendPasswordLink(user, { ip: actor.ip, actorUserId: actor.auth.userId });
      if (!sent) throw new TooManyRequestsError(tenantUserMessages.resetLimit, 60 * 60);
      return { message: tenantUserMessages.resetSent };
    },

    /** A password the administrator hands over; every session of the user ends. */
    async setTemporaryPassword(actor: Caller, id: string, password: string) {
      const user = await changeableUser(actor.auth, id);
      // The own password needs the current one (POST /id/password).
      if (user.id === actor.auth.userId) throw new BadRequestError(tenantUserMessages.ownTemporaryPassword);
      const at = now();
      await users.setPassword(user.tenantId, user.id, await hashPassword(password), at);
      await sessions.revokeAllForUser(user.tenantId, user.id, at);
      await record(actor, user, 'tenant-user.temporary-password-set');
      return { message: tenantUserMessages.temporaryPasswordSet };
    },

    async profileImage(actor: Caller, id: string) {
      const user = await visibleUser(actor.auth, id);
      return users.profileImage(user.tenantId, user.id);
    },

    async setProfileImage(actor: Caller, id: string, image: StoredImage) {
      const user = await changeableUser(actor.auth, id);
      if (!(await users.setProfileImage(user.tenantId, user.id, image, now()))) throw notFound();
      await record(actor, user, 'tenant-user.profile-image-updated', {
        type: image.type,
        bytes: image.data.length,
      });
    },

    // ─── The signed-in user's own profile ───────────────────────────────────────────────────────

    ownProfile,

    async updateOwnProfile(
      actor: Caller,
      input: { firstName: string; lastName: string; phone?: string | undefined },
    ) {
      const { auth } = actor;
      const self = { tenantId: auth.homeTenantId, id: auth.userId };
      await users.updateProfile(
        self.tenantId,
        self.id,
        { firstName: input.firstName, lastName: input.lastName, phone: input.phone || null },
        now(),
      );
      await record(actor, self, 'profile.updated');
      return ownProfile(auth);
    },

    async updateOwnPreferences(actor: Caller, input: OwnPreferences) {
      const { auth } = actor;
      const self = { tenantId: auth.homeTenantId, id: auth.userId };
      await users.setPreferences(self.tenantId, self.id, input, now());
      await record(actor, self, 'profile.preferences-updated', input);
      return ownProfile(auth);
    },

    async setOwnImage(actor: Caller, image: StoredImage) {
      const self = { tenantId: actor.auth.homeTenantId, id: actor.auth.userId };
      await users.setProfileImage(self.tenantId, self.id, image, now());
      await record(actor, self, 'profile.image-updated', { type: image.type, bytes: image.data.length });
    },

    /** Needs the current password; ends every other session of the user (this one stays). */
    async changeOwnPassword(actor: Caller, input: ChangePasswordInput) {
      const { auth } = actor;
      const self = { tenantId: auth.homeTenantId, id: auth.userId };
      await changePasswordWithProof(counters, self.id, input, {
        currentHash: () => users.passwordHash(self.tenantId, self.id),
        refused: async () => {
          await record(actor, self, 'profile.password-change-refused');
          return tenantUserMessages.currentPasswordWrong;
        },
        save: async (passwordHash) => {
          const at = now();
          await users.setPassword(self.tenantId, self.id, passwordHash, at);
          await sessions.revokeAllForUser(self.tenantId, self.id, at, auth.tokenHash);
        },
      });
      await record(actor, self, 'profile.password-changed');
      return { message: tenantUserMessages.passwordChanged };
    },
  };
}
export type TenantUsersService = ReturnType<typeof tenantUsersService>;
