import { createContext, useContext, useMemo, useSyncExternalStore, type ComponentType } from 'react';
import { createStore } from 'zustand/vanilla';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { WhoAmI } from '@homeminder/shared/contracts/auth';
import { savedStateVersion, sessionLifetimeMs } from '@homeminder/shared/constants';
import { MissingArgumentError } from '@homeminder/shared/validation/argument-errors';
import { errorMessageOf } from './api-error';
import { api, onImpersonationEnded, onUnauthorized, setCredentialSource } from './http';
import { loadProfileImage } from './profile-image';
import { forgetPersonalTabValues, readTabValue, writeTabValue } from './tab-storage';

export const authenticationContextInvalid = 'Authentication context is invalid';

/** The flyout panel: a component and its props, shown beside the page (docs/requirements.md §5, "Session"). */
export interface Flyout {
  title: string;
  // The panel shows components of any props; the caller pairs them.
  component: ComponentType<never>;
  props: object;
}

/** What who-am-i tells about the signed-in person, beyond the ids. */
export interface Identity {
  email: string | null;
  roles: string[];
  privileges: string[];
  tenantName: string | null;
  impersonatedBy: string | null;
  /** A member of staff, or a homeowner (a client), who has the homeowner's pages only. */
  kind: 'staff' | 'client' | null;
}

interface PersistedSession {
  bearerToken: string | null;
  impersonatedToken: string | null;
  /** Epoch milliseconds after which the bearer token is no longer used. */
  expiry: number | null;
  userProfileImage: string | null;
  userID: string | null;
  tenantID: string | null;
  username: string | null;
  identity: Identity | null;
  rememberMe: boolean;
  /** The email last used to sign in, kept when "remember me" was ticked. */
  rememberedEmail: string | null;
}

export interface SessionState extends PersistedSession {
  /** Kept in session storage, so a new tab starts without one. */
  returnUrl: string;
  /** Why the picture could not be loaded at sign-in, for the person's account page; not kept. */
  userProfileImageError: string | null;
  isInit: boolean;
  isRouteTransitioning: boolean;
  flyout: Flyout | null;

  setBearerToken: (token: string, options?: { rememberMe?: boolean; email?: string }) => Promise<void>;
  clearBearerToken: () => void;
  setImpersonatedToken: (token: string) => Promise<void>;
  clearImpersonation: () => Promise<void>;
  /** Loads who-am-i and the profile image for the current token(s). */
  loadIdentity: () => Promise<void>;
  setReturnUrl: (url: string) => void;
  setInit: (value: boolean) => void;
  setRouteTransitioning: (value: boolean) => void;
  openFlyout: (flyout: Flyout) => void;
  closeFlyout: () => void;
}

const returnUrlKey = 'homeminder:returnUrl';

const signedOut: Omit<PersistedSession, 'rememberMe' | 'rememberedEmail'> = {
  bearerToken: null,
  impersonatedToken: null,
  expiry: null,
  userProfileImage: null,
  userID: null,
  tenantID: null,
  username: null,
  identity: null,
};

function readReturnUrl(): string {
  return readTabValue(returnUrlKey) ?? '';
}

const sessionStore = createStore<SessionState>()(
  persist(
    (set, get) => ({
      ...signedOut,
      rememberMe: false,
      rememberedEmail: null,
      returnUrl: readReturnUrl(),
      userProfileImageError: null,
      isInit: false,
      isRouteTransitioning: false,
      flyout: null,

      async setBearerToken(token, options = {}) {
        if (!token.trim()) throw new MissingArgumentError('token');
        const rememberMe = options.rememberMe ?? get().rememberMe;
        set({
          bearerToken: token,
          // A new sign-in starts in the user's own corporation; a tenant left from an earlier session
          // would be another corporation's, which the server refuses.
          tenantID: null,
          expiry: Date.now() + sessionLifetimeMs,
          rememberMe,
          rememberedEmail: rememberMe ? (options.email ?? get().rememberedEmail) : null,
        });
        await get().loadIdentity();
      },

      clearBearerToken() {
        set({ ...signedOut, userProfileImageError: null, flyout: null });
      },

      async setImpersonatedToken(token) {
        if (!token.trim()) throw new MissingArgumentError('token');
        // No tenant-id header until who-am-i names the other user's corporation (it may be another).
        set({ impersonatedToken: token, tenantID: null });
        await get().loadIdentity();
      },

      async clearImpersonation() {
        set({ impersonatedToken: null, tenantID: null });
        await get().loadIdentity();
      },

      async loadIdentity() {
        // The picture is loaded for a corporation: beside who-am-i when the corporation is already known
        // (a returning person, whose first page waits for both), else once who-am-i names it. A
        // missing picture is not worth failing the sign-in for: why it is missing is kept for the
        // person's account page (its corporation or the response missing, docs/requirements.md §9).
        // A homeowner has no picture of their own in the portal.
        const knownTenant = get().identity?.kind === 'client' ? null : get().tenantID;
        const whoAmI = api.get('/auth/who-am-i');
        const image = (
          knownTenant
            ? loadProfileImage(knownTenant)
            : whoAmI.then((who) => (who.kind === 'client' ? null : loadProfileImage(who.tenantID)))
        ).then(
          (url) => ({ url, error: null }),
          (error: unknown) => ({ url: null, error: errorMessageOf(error) }),
        );
        const who = await whoAmI;
        if (!who.isAuthenticated) {
          get().clearBearerToken();
          throw new Error(authenticationContextInvalid);
        }
        set(sessionOf(who));
        const picture = await image;
        set({ userProfileImage: picture.url, userProfileImageError: picture.error });
      },

      setReturnUrl(url) {
        // Kept in memory too, where storage is unavailable.
        writeTabValue(returnUrlKey, url || null);
        set({ returnUrl: url });
      },
      setInit: (value) => set({ isInit: value }),
      setRouteTransitioning: (value) => set({ isRouteTransitioning: value }),
      openFlyout: (flyout) => set({ flyout }),
      closeFlyout: () => set({ flyout: null }),
    }),
    {
      name: 'homeminder:session',
      version: savedStateVersion,
      storage: createJSONStorage(() => localStorage),
      partialize: (state): PersistedSession => ({
        bearerToken: state.bearerToken,
        impersonatedToken: state.impersonatedToken,
        expiry: state.expiry,
        userProfileImage: state.userProfileImage,
        userID: state.userID,
        tenantID: state.tenantID,
        username: state.username,
        identity: state.identity,
        rememberMe: state.rememberMe,
        rememberedEmail: state.rememberedEmail,
      }),
      // A copy saved by an older version of the app is discarded, never half-read.
      migrate: () => ({ ...signedOut, rememberMe: false, rememberedEmail: null }),
    },
  ),
);

/** What the server knew of the person when it rendered the page (the root loader's who-am-i). */
export type RenderedSession = Pick<SessionState, 'userID' | 'tenantID' | 'username' | 'identity'>;

/** The person who-am-i names, as the session keeps them. */
export function sessionOf(who: WhoAmI): RenderedSession {
  const { userID, tenantID, name, email, roles, privileges, tenantName, impersonatedBy, kind } = who;
  return {
    userID,
    tenantID,
    username: name,
    identity: { email, roles, privileges, tenantName, impersonatedBy, kind },
  };
}

/** The person the page on show was rendered for, or null for a page rendered for no one. */
export const RenderedSessionContext = createContext<RenderedSession | null>(null);

/**
 * The server never holds the token (the page carries none): this stands in for it while the page
 * is drawn as the server drew it, so the page reads as signed in until the tab's own session takes over.
 */
const tokenHeldByTheTab = 'held-by-the-tab';

function renderedState(rendered: RenderedSession | null): SessionState {
  const initial = sessionStore.getInitialState();
  if (!rendered) return initial;
  return {
    ...initial,
    ...rendered,
    bearerToken: tokenHeldByTheTab,
    expiry: Number.MAX_SAFE_INTEGER,
    isInit: true,
  };
}

/**
 * The session, as a hook of the tab's store: rendered on the server, and hydrated, as the person the
 * server rendered the page for (RenderedSessionContext), then as the tab's own saved session.
 */
function useSessionState<T>(selector: (state: SessionState) => T): T {
  const rendered = useContext(RenderedSessionContext);
  const serverState = useMemo(() => renderedState(rendered), [rendered]);
  return useSyncExternalStore(
    sessionStore.subscribe,
    () => selector(sessionStore.getState()),
    () => selector(serverState),
  );
}

export const useSession = Object.assign(useSessionState, sessionStore);

/** Signed in means a bearer token whose expiry is still ahead (docs/requirements.md §6). */
export function isAuthenticated(
  state: Pick<SessionState, 'bearerToken' | 'expiry'> = useSession.getState(),
  now = Date.now(),
): boolean {
  return Boolean(state.bearerToken) && state.expiry !== null && state.expiry > now;
}

export function isImpersonating(
  state: Pick<SessionState, 'impersonatedToken'> = useSession.getState(),
): boolean {
  return Boolean(state.impersonatedToken);
}

/**
 * Who the tab acts as, for values kept for one person (`personalTabStorage`): the user and their
 * corporation, and who is acting as them if anyone; null when signed out.
 */
export function personOf(
  state: Pick<SessionState, 'bearerToken' | 'userID' | 'tenantID' | 'identity'> = useSession.getState(),
): string | null {
  if (!state.bearerToken || !state.userID) return null;
  return JSON.stringify([state.userID, state.tenantID, state.identity?.impersonatedBy ?? null]);
}

/** Whose responses a query holds: they are cached under the person and their corporation. */
export interface Person {
  tenantId: string | null;
  userId: string | null;
}

/** The person the tab's session names, for a query's key (a page's loader passes its viewer). */
export function usePerson(): Person {
  const tenantId = useSessionState((state) => state.tenantID);
  const userId = useSessionState((state) => state.userID);
  return { tenantId, userId };
}

/** Signing out, in as someone else, or starting or stopping acting as someone changes the person. */
export function personChanged(
  state: Pick<SessionState, 'bearerToken' | 'impersonatedToken'>,
  previous: Pick<SessionState, 'bearerToken' | 'impersonatedToken'>,
): boolean {
  return state.bearerToken !== previous.bearerToken || state.impersonatedToken !== previous.impersonatedToken;
}

export function hasAnyPrivilege(
  names: readonly string[],
  state: Pick<SessionState, 'identity'> = useSession.getState(),
): boolean {
  const held = state.identity?.privileges ?? [];
  return names.some((name) => held.includes(name));
}

setCredentialSource(() => {
  const state = useSession.getState();
  return {
    bearerToken: isAuthenticated(state) ? state.bearerToken : null,
    impersonatedToken: state.impersonatedToken,
    tenantId: state.tenantID,
  };
});

// What this tab kept for the last person (their bulk upload results, their chosen corporation) is not
// the next one's: a shared office computer passes from one person, or corporation, to the next.
useSession.subscribe((state, previous) => {
  if (personChanged(state, previous)) forgetPersonalTabValues();
});

// A token the server no longer accepts (revoked, expired, account disabled) ends the session here too.
onUnauthorized(() => useSession.getState().clearBearerToken());

// Acting as another user has ended on the server: back to the person's own account.
onImpersonationEnded(() => {
  if (useSession.getState().impersonatedToken)
    void useSession
      .getState()
      .clearImpersonation()
      .catch(() => undefined);
});

/** Whether the person signed in is a homeowner (a client), whose pages are the homeowner's only. */
export function isHomeowner(state: Pick<SessionState, 'identity'> = useSession.getState()): boolean {
  return state.identity?.kind === 'client';
}
