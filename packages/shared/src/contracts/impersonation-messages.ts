// Apart from auth.ts, which re-exports them, so that the browser's first page reads them without zod.

/** Refusals about acting as another user; the portal recognises `ended` to switch back on its own. */
export const impersonationMessages = {
  ended: 'Acting as another user has ended. You are back in your own account.',
  refusedWhileActing: 'This cannot be done while acting as another user.',
} as const;
