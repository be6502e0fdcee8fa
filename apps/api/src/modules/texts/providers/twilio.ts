/**
 * Twilio's Programmable Messaging, spoken over plain `fetch` rather than Twilio's SDK: one form POST to
 * create a message, and the HMAC-SHA1 signature Twilio puts on the webhooks it sends back (delivery
 * reports, replies). Both are small, documented and stable, and an SDK would add a large dependency for them.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The account texts go out from. `from` is an E.164 number or a Messaging Service SID (MG...): a
 * service picks the sender from its pool and applies its own opt-out rules, so it is named as
 * `MessagingServiceSid`, never as `From`. `apiUrl` is https://api.twilio.com but for tests, which point
 * it at a stand-in server.
 */
export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  from: string;
  apiUrl: string;
}

const defaultApiUrl = 'https://api.twilio.com';

/**
 * The Twilio account from the environment, or null when texts are not set up: all three of the SID, the
 * token and the sender are needed, and half a set-up is treated as none rather than failing each send.
 */
export function twilioSettingsFromEnv(env: {
  TWILIO_ACCOUNT_SID?: string | undefined;
  TWILIO_AUTH_TOKEN?: string | undefined;
  TWILIO_FROM?: string | undefined;
  TWILIO_API_URL?: string | undefined;
}): TwilioSettings | null {
  const accountSid = env.TWILIO_ACCOUNT_SID?.trim();
  const authToken = env.TWILIO_AUTH_TOKEN?.trim();
  const from = env.TWILIO_FROM?.trim();
  if (!accountSid || !authToken || !from) return null;
  const apiUrl = env.TWILIO_API_URL?.trim() || defaultApiUrl;
  return { accountSid, authToken, from, apiUrl: apiUrl.replace(/\/+$/, '') };
}

/**
 * One text to send. `id` is the outbox row's, kept with the text so that errors and logs name it;
 * `statusCallback` is where Twilio reports delivery, or null to hear nothing back.
 */
export interface OutgoingText {
  id: string;
  to: string;
  body: string;
  statusCallback: string | null;
}

/** Hands one text to the provider; resolves with the provider's id of it, by which delivery reports find it. */
export type TextTransport = (text: OutgoingText) => Promise<{ providerId: string }>;

/**
 * A text the provider did not take. `permanent` tells the outbox not to try again (the same request would
 * be refused the same way); `optedOut` that the recipient replied STOP, so their consent should end, not
 * just this text. `code` is Twilio's error code and `status` the HTTP status, null when there was none.
 */
export class TextSendError extends Error {
  readonly permanent: boolean;
  readonly optedOut: boolean;
  readonly code: number | null;
  readonly status: number | null;

  constructor(
    message: string,
    details: { permanent: boolean; optedOut?: boolean; code?: number | null; status?: number | null },
  ) {
    super(message);
    this.name = 'TextSendError';
    this.permanent = details.permanent;
    this.optedOut = details.optedOut ?? false;
    this.code = details.code ?? null;
    this.status = details.status ?? null;
  }
}

/** Twilio's code for a recipient who replied STOP to this sender: Twilio refuses every text to them after. */
const unsubscribedCode = 21610;

/**
 * 4xx codes that say "not now" rather than "never": too many requests (20429) and a sender whose queue
 * holds more than Twilio will keep (21611). Every other 4xx (invalid or unreachable number, 21211, 21408,
 * 21612, 21614, ...) would be refused again.
 */
const transientCodes = new Set([20429, 21611]);

/** How long one send may take, answer included, before it counts as an outage and is tried later. */
const sendTimeoutMs = 10_000;

/**
 * Sends through Twilio's Messages resource. Every failure is a TextSendError whose message is short enough
 * for the outbox's `last_error` and a staff screen, and never carries the credentials: they go in the
 * Authorization header only, and are struck from anything Twilio's answer echoes.
 */
export function twilioTransport(settings: TwilioSettings): TextTransport {
  const url = `${settings.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  const plain = (text: string): string => {
    const redacted = settings.authToken ? text.replaceAll(settings.authToken, '[redacted]') : text;
    const oneLine = redacted.replace(/\s+/g, ' ').trim();
    return oneLine.length > 200 ? `${oneLine.slice(0, 199)}…` : oneLine;
  };

  return async (text) => {
    const form = new URLSearchParams({ To: text.to, Body: text.body });
    if (settings.from.startsWith('MG')) form.set('MessagingServiceSid', settings.from);
    else form.set('From', settings.from);
    if (text.statusCallback) form.set('StatusCallback', text.statusCallback);

    let response: Response;
    let answer: string;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          authorization,
          accept: 'application/json',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: form,
        redirect: 'error',
        signal: AbortSignal.timeout(sendTimeoutMs),
      });
      answer = await response.text();
    } catch (error) {
      throw new TextSendError(`Twilio could not be reached: ${plain(reasonOf(error))}`, { permanent: false });
    }

    const json = parseObject(answer);
    if (response.ok) {
      const sid = json?.sid;
      if (typeof sid === 'string' && sid !== '') return { providerId: sid };
      // Twilio took the request, so the text may well be on its way: sending it again could text twice.
      throw new TextSendError(`Twilio's answer (${response.status}) named no message`, {
        permanent: true,
        status: response.status,
      });
    }

    const code = typeof json?.code === 'number' ? json.code : null;
    const said = typeof json?.message === 'string' ? json.message : response.statusText;
    const detail = plain(`(${code ?? response.status}): ${said}`);
    if (response.status === 401 || response.status === 403) {
      throw new TextSendError(`Twilio refused the credentials ${detail}`, {
        permanent: true,
        code,
        status: response.status,
      });
    }
    const transient =
      response.status === 429 || response.status >= 500 || (code !== null && transientCodes.has(code));
    throw new TextSendError(
      `${transient ? 'Twilio could not take the text' : 'Twilio refused the text'} ${detail}`,
      {
        permanent: !transient,
        optedOut: code === unsubscribedCode,
        code,
        status: response.status,
      },
    );
  };
}

function reasonOf(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError') return `no answer in ${sendTimeoutMs / 1000} s`;
    // undici reports "fetch failed" and keeps what actually went wrong (ECONNREFUSED, ...) as the cause.
    const cause: unknown = error.cause;
    return cause instanceof Error ? `${error.message} (${cause.message})` : error.message;
  }
  return String(error);
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * The X-Twilio-Signature of a form POST to `url`: base64 HMAC-SHA1, keyed by the auth token, of the full
 * URL (query included, exactly as Twilio called it) followed by each parameter's name and value in name
 * order. Exported so the test server signs its webhooks the way Twilio does.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const signed = Object.keys(params)
    .sort()
    .reduce((data, name) => data + name + params[name], url);
  return createHmac('sha1', authToken).update(signed, 'utf8').digest('base64');
}

/**
 * Whether a webhook came from Twilio: anyone can POST a delivery report or a STOP to a public URL, and only
 * Twilio knows the auth token. Compared in constant time so the answer's timing gives nothing away;
 * a missing header, or one of another length, is simply false.
 */
export function verifyTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
  signature: string | undefined,
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
