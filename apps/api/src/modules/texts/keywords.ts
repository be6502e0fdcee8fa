/**
 * The reply keywords US carriers require a texting service to honour, as Twilio recognises them by default
 * on a long code. Twilio itself stops texts to a number that sent an opt-out word, so we must read the
 * same words the same way, or our record would say a client may be texted while Twilio refuses (21610).
 */
const keywords = new Map<string, 'stop' | 'start' | 'help'>([
  ['STOP', 'stop'],
  ['STOPALL', 'stop'],
  ['UNSUBSCRIBE', 'stop'],
  ['CANCEL', 'stop'],
  ['END', 'stop'],
  ['QUIT', 'stop'],
  ['OPTOUT', 'stop'],
  ['REVOKE', 'stop'],
  ['START', 'start'],
  ['YES', 'start'],
  ['UNSTOP', 'start'],
  ['HELP', 'help'],
  ['INFO', 'help'],
]);

/**
 * What a reply asks for, when the whole message is one keyword (any case, spaces around it ignored);
 * null otherwise. "Please stop" or "stop it" is a message to read, not a keyword, as it is to Twilio.
 */
export function textKeywordOf(body: string): 'stop' | 'start' | 'help' | null {
  const word = body.trim();
  // ASCII letters only: upper-casing would otherwise make a look-alike such as 'ſtop' (long s) read as STOP.
  if (!/^[A-Za-z]+$/.test(word)) return null;
  return keywords.get(word.toUpperCase()) ?? null;
}
