import { readTabValue, writeTabValue } from './tab-storage';

const storageKey = 'homeminder:sessionEnded';

/** Why the Login page is shown after a session ended on its own (not by signing out). */
export type SessionEndedNote = 'ended' | 'changes-lost';

/** Kept for the Login page in session storage, so that a reload of Login still tells. */
export function rememberSessionEnded(note: SessionEndedNote): void {
  writeTabValue(storageKey, note);
}

export function sessionEndedNote(): SessionEndedNote | null {
  const note = readTabValue(storageKey);
  return note === 'ended' || note === 'changes-lost' ? note : null;
}

export function forgetSessionEnded(): void {
  writeTabValue(storageKey, null);
}
