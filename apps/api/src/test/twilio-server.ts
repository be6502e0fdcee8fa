/**
 * A stand-in for Twilio's Messages API on 127.0.0.1, for tests: it takes texts as Twilio does (basic
 * auth, a form body, the 201 JSON answer or Twilio's error JSON), keeps them to be read, and sends the
 * webhooks Twilio would (delivery reports, replies), signed with the auth token as Twilio signs them.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { twilioSignature } from '../modules/texts/providers/twilio';

/** A text the server took, as the request named it. */
export interface TwilioMessage {
  /** SM followed by 32 hex digits, as Twilio's. */
  sid: string;
  to: string;
  /** Null when sent through a Messaging Service, which picks the number itself. */
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  statusCallback: string | null;
}

export interface TwilioServer {
  /** The base URL, to use as TwilioSettings.apiUrl. */
  url: string;
  messages: TwilioMessage[];
  /** The next create is refused with this HTTP status and Twilio error code; calls queue up. */
  failNext(status: number, code: number, message: string): void;
  /** POSTs Twilio's status callback for `message` to its StatusCallback URL, signed. */
  reportStatus(
    message: TwilioMessage,
    status: 'sent' | 'delivered' | 'undelivered' | 'failed',
    errorCode?: string,
  ): Promise<Response>;
  /** POSTs Twilio's incoming-message webhook to `url`, signed, as if `from` had texted `to`. */
  sendInbound(inbound: {
    url: string;
    from: string;
    to: string;
    body: string;
    messagingServiceSid?: string;
  }): Promise<Response>;
  close(): Promise<void>;
}

const apiVersion = '2010-04-01';
/** The number a Messaging Service is taken to have picked, in the reports of texts sent through one. */
const servicePoolNumber = '+15005550006';

/** SM and 32 hex digits, the shape of every message SID Twilio hands out. */
const messageSid = () => `SM${randomBytes(16).toString('hex')}`;

/** Twilio's dates are RFC 2822 in GMT, written with +0000. */
const rfc2822 = (date: Date) => date.toUTCString().replace(/GMT$/, '+0000');

export async function startTwilioServer(account: {
  accountSid: string;
  authToken: string;
}): Promise<TwilioServer> {
  const messages: TwilioMessage[] = [];
  const failures: { status: number; code: number; message: string }[] = [];
  const messagesPath = `/${apiVersion}/Accounts/${account.accountSid}/Messages.json`;

  const answer = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(body));
  };
  const refuse = (response: ServerResponse, status: number, code: number, message: string) =>
    answer(response, status, {
      code,
      message,
      more_info: `https://www.twilio.com/docs/errors/${code}`,
      status,
    });

  const authorized = (request: IncomingMessage) => {
    const [scheme, encoded] = (request.headers.authorization ?? '').split(' ');
    if (scheme !== 'Basic' || !encoded) return false;
    return Buffer.from(encoded, 'base64').toString('utf8') === `${account.accountSid}:${account.authToken}`;
  };

  const create = async (request: IncomingMessage, response: ServerResponse) => {
    if (!authorized(request)) return refuse(response, 401, 20003, 'Authenticate');
    if (request.method !== 'POST' || request.url !== messagesPath) {
      return refuse(response, 404, 20404, `The requested resource ${request.url} was not found`);
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const failure = failures.shift();
    if (failure) return refuse(response, failure.status, failure.code, failure.message);

    const to = form.get('To');
    const from = form.get('From');
    const service = form.get('MessagingServiceSid');
    const body = form.get('Body');
    if (!to) return refuse(response, 400, 21604, "A 'To' phone number is required.");
    if (!/^\+[1-9]\d{1,14}$/.test(to)) {
      return refuse(response, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    }
    if (!from && !service) {
      return refuse(response, 400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required");
    }
    if (!body) return refuse(response, 400, 21602, 'Message body is required.');

    const message: TwilioMessage = {
      sid: messageSid(),
      to,
      from: service ? null : from,
      messagingServiceSid: service,
      body,
      statusCallback: form.get('StatusCallback'),
    };
    messages.push(message);
    const now = rfc2822(new Date());
    const uri = `/${apiVersion}/Accounts/${account.accountSid}/Messages/${message.sid}`;
    // Shaped as Twilio's documented answer; through a service the text is 'accepted' and has no sender yet.
    answer(response, 201, {
      account_sid: account.accountSid,
      api_version: apiVersion,
      body,
      date_created: now,
      date_sent: null,
      date_updated: now,
      direction: 'outbound-api',
      error_code: null,
      error_message: null,
      from: message.from,
      messaging_service_sid: service,
      num_media: '0',
      num_segments: service ? '0' : '1',
      price: null,
      price_unit: 'USD',
      sid: message.sid,
      status: service ? 'accepted' : 'queued',
      subresource_uris: { media: `${uri}/Media.json` },
      uri: `${uri}.json`,
    });
  };

  const server = createServer((request, response) => {
    create(request, response).catch(() => {
      if (!response.headersSent) refuse(response, 500, 20500, 'Internal Server Error');
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  /** A form POST signed as Twilio signs its webhooks: over this exact URL and these parameters. */
  const post = (url: string, params: Record<string, string>) =>
    fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': 'TwilioProxy/1.1',
        'x-twilio-signature': twilioSignature(account.authToken, url, params),
      },
      body: new URLSearchParams(params),
      redirect: 'manual',
    });

  return {
    url: `http://127.0.0.1:${port}`,
    messages,
    failNext(status, code, message) {
      failures.push({ status, code, message });
    },
    async reportStatus(message, status, errorCode) {
      if (!message.statusCallback)
        throw new Error(`Message ${message.sid} was sent without a StatusCallback`);
      const params: Record<string, string> = {
        AccountSid: account.accountSid,
        ApiVersion: apiVersion,
        From: message.from ?? servicePoolNumber,
        MessageSid: message.sid,
        MessageStatus: status,
        SmsSid: message.sid,
        SmsStatus: status,
        To: message.to,
      };
      if (message.messagingServiceSid) params.MessagingServiceSid = message.messagingServiceSid;
      if (errorCode !== undefined) params.ErrorCode = errorCode;
      return post(message.statusCallback, params);
    },
    sendInbound({ url, from, to, body, messagingServiceSid }) {
      const sid = messageSid();
      const params: Record<string, string> = {
        AccountSid: account.accountSid,
        ApiVersion: apiVersion,
        Body: body,
        From: from,
        MessageSid: sid,
        NumMedia: '0',
        NumSegments: '1',
        SmsMessageSid: sid,
        SmsSid: sid,
        SmsStatus: 'received',
        To: to,
      };
      if (messagingServiceSid) params.MessagingServiceSid = messagingServiceSid;
      return post(url, params);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
