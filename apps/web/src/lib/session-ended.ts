const storageKey = 'homeminder:sessionEnded';

/** Why the Login page is shown after a session ended on its own (not by signing out). */
export type SessionEndedNote = 'ended' | 'changes-lost';

/** Kept for the Login page in session storage, so that a reload of Login still tells. */
export function rememberSessionEnded(note: SessionEndedNote): void {
  try {
    sessionStorage.setItem(storageKey, note);
  } catch {
    // Storage may be unavailable (private mode); Login then simply asks to sign in.
  }
}

export function sessionEndedNote(): SessionEndedNote | null {
  try {
    const note = sessionStorage.getItem(storageKey);
    return note === 'ended' || note === 'changes-lost' ? note : null;
  } catch {
    return null;
  }
}

export function forgetSessionEnded(): void {
  try {
    sessionStorage.removeItem(storageKey);
  } catch {
    // Nothing was kept.
  }
}
