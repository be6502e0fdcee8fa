import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTwilioServer, type TwilioServer } from '../../../test/twilio-server';
import {
  TextSendError,
  twilioSettingsFromEnv,
  twilioSignature,
  twilioTransport,
  verifyTwilioSignature,
  type OutgoingText,
  type TwilioSettings,
} from './twilio';

const accountSid = `AC${'0123456789abcdef'.repeat(2)}`;
const authToken = 'f00dfeedc0ffee5ecret70ken1234567';

describe('twilioSignature', () => {
  // Twilio's documented example (its "Secure webhooks" page, as in TwilioDevEd/api-snippets
  // security/signature_validation/signature_validation.3.x.js). The signature was also checked apart from
  // this code: `openssl dgst -sha1 -hmac 12345 -binary | base64` over the URL followed by
  // CallSidCA1234567890ABCDECaller+14158675310Digits1234From+14158675310To+18005551212 gives the same.
  const documented = {
    authToken: '12345',
    url: 'https://mycompany.com/myapp.php?foo=1&bar=2',
    params: {
      CallSid: 'CA1234567890ABCDE',
      Caller: '+14158675310',
      Digits: '1234',
      From: '+14158675310',
      To: '+18005551212',
    },
    signature: 'GvWf1cFY/Q7PnoempGyD5oXAezc=',
  };

  it("computes Twilio's documented signature", () => {
    expect(twilioSignature(documented.authToken, documented.url, documented.params)).toBe(
      documented.signature,
    );
  });

  it('signs the parameters in name order, whatever order they come in', () => {
    const { To, From, Digits, Caller, CallSid } = documented.params;
    expect(twilioSignature(documented.authToken, documented.url, { To, From, Digits, Caller, CallSid })).toBe(
      documented.signature,
    );
  });

  it('verifies the documented request', () => {
    const { authToken: token, url, params, signature } = documented;
    expect(verifyTwilioSignature(token, url, params, signature)).toBe(true);
  });

  it('refuses a request whose parameter, URL or token differs', () => {
    const { authToken: token, url, params, signature } = documented;
    expect(verifyTwilioSignature(token, url, { ...params, Digits: '1235' }, signature)).toBe(false);
    expect(verifyTwilioSignature(token, url, { ...params, Extra: '' }, signature)).toBe(false);
    expect(
      verifyTwilioSignature(token, 'https://mycompany.com/myapp.php?foo=1&bar=3', params, signature),
    ).toBe(false);
    expect(verifyTwilioSignature('12346', url, params, signature)).toBe(false);
  });

  it('refuses a missing, empty or truncated signature without throwing', () => {
    const { authToken: token, url, params, signature } = documented;
    expect(verifyTwilioSignature(token, url, params, undefined)).toBe(false);
    expect(verifyTwilioSignature(token, url, params, '')).toBe(false);
    expect(verifyTwilioSignature(token, url, params, signature.slice(0, -1))).toBe(false);
    expect(verifyTwilioSignature(token, url, params, `${signature}=`)).toBe(false);
    expect(verifyTwilioSignature(token, url, params, 'é'.repeat(14))).toBe(false);
  });
});

describe('twilioSettingsFromEnv', () => {
  const complete = {
    TWILIO_ACCOUNT_SID: accountSid,
    TWILIO_AUTH_TOKEN: authToken,
    TWILIO_FROM: '+15555550100',
  };

  it('reads the account, defaulting to the real API', () => {
    expect(twilioSettingsFromEnv(complete)).toEqual({
      accountSid,
      authToken,
      from: '+15555550100',
      apiUrl: 'https://api.twilio.com',
    });
  });

  it('takes another API URL, without a trailing slash', () => {
    expect(twilioSettingsFromEnv({ ...complete, TWILIO_API_URL: 'http://127.0.0.1:4010/' })?.apiUrl).toBe(
      'http://127.0.0.1:4010',
    );
  });

  it('is null unless the SID, the token and the sender are all set', () => {
    expect(twilioSettingsFromEnv({})).toBeNull();
    for (const name of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const) {
      expect(twilioSettingsFromEnv({ ...complete, [name]: undefined })).toBeNull();
      expect(twilioSettingsFromEnv({ ...complete, [name]: '  ' })).toBeNull();
    }
  });
});

describe('twilioTransport', () => {
  let twilio: TwilioServer;
  let settings: TwilioSettings;
  const text: OutgoingText = {
    id: 'e3b0c442-98fc-4c14-9afb-f4c8996fb924',
    to: '+15555550123',
    body: 'HomeMinder: time to clean the gutters. hm.example/t/abc',
    statusCallback: 'https://portal.example/api/texts/status?t=1',
  };

  beforeAll(async () => {
    twilio = await startTwilioServer({ accountSid, authToken });
    settings = { accountSid, authToken, from: '+15555550100', apiUrl: twilio.url };
  });
  afterAll(() => twilio.close());
  afterEach(() => {
    twilio.messages.length = 0;
  });

  /** The TextSendError a send fails with (and the test fails if it does not). */
  async function failureOf(send: Promise<unknown>): Promise<TextSendError> {
    const error = await send.then(
      () => null,
      (error: unknown) => error,
    );
    expect(error).toBeInstanceOf(TextSendError);
    return error as TextSendError;
  }

  it('sends the text and answers with the message SID', async () => {
    const { providerId } = await twilioTransport(settings)(text);
    expect(providerId).toMatch(/^SM[0-9a-f]{32}$/);
    expect(twilio.messages).toEqual([
      {
        sid: providerId,
        to: text.to,
        from: '+15555550100',
        messagingServiceSid: null,
        body: text.body,
        statusCallback: text.statusCallback,
      },
    ]);
  });

  it('sends no StatusCallback when there is none', async () => {
    await twilioTransport(settings)({ ...text, statusCallback: null });
    expect(twilio.messages[0]!.statusCallback).toBeNull();
  });

  it('names a Messaging Service as MessagingServiceSid, not From', async () => {
    const service = `MG${'a'.repeat(32)}`;
    const { providerId } = await twilioTransport({ ...settings, from: service })(text);
    expect(twilio.messages).toMatchObject([{ sid: providerId, from: null, messagingServiceSid: service }]);
  });

  it("gives up on a number Twilio says is not valid (21211), with Twilio's words", async () => {
    const error = await failureOf(twilioTransport(settings)({ ...text, to: '555-0123' }));
    expect(error).toMatchObject({ permanent: true, optedOut: false, code: 21211, status: 400 });
    expect(error.message).toBe(
      "Twilio refused the text (21211): The 'To' number 555-0123 is not a valid phone number.",
    );
    expect(twilio.messages).toEqual([]);
  });

  it('gives up on a recipient who replied STOP (21610), and says they opted out', async () => {
    twilio.failNext(400, 21610, 'Attempt to send to unsubscribed recipient');
    const error = await failureOf(twilioTransport(settings)(text));
    expect(error).toMatchObject({ permanent: true, optedOut: true, code: 21610, status: 400 });
    expect(error.message).toBe('Twilio refused the text (21610): Attempt to send to unsubscribed recipient');
  });

  it.each([
    [21614, "'To' number is not a valid mobile number"],
    [21408, 'Permission to send an SMS has not been enabled for the region indicated by the To number'],
    [21612, "The 'To' phone number is not currently reachable via SMS"],
  ])('gives up on a refusal that would be repeated (%i)', async (code, message) => {
    twilio.failNext(400, code, message);
    const error = await failureOf(twilioTransport(settings)(text));
    expect(error).toMatchObject({ permanent: true, optedOut: false, code, status: 400 });
  });

  it.each([
    [500, 20500, 'Internal Server Error'],
    [503, 20503, 'Service Unavailable'],
    [429, 20429, 'Too Many Requests'],
    [400, 21611, "This 'From' number has exceeded the maximum number of queued messages"],
  ])('tries again later after %i (%i)', async (status, code, message) => {
    twilio.failNext(status, code, message);
    const error = await failureOf(twilioTransport(settings)(text));
    expect(error).toMatchObject({ permanent: false, optedOut: false, code, status });
    expect(error.message).toBe(`Twilio could not take the text (${code}): ${message}`);
  });

  it('gives up on credentials Twilio refuses, and never repeats the token', async () => {
    const wrong = 'not-the-token-0123456789abcdef00';
    const error = await failureOf(twilioTransport({ ...settings, authToken: wrong })(text));
    expect(error).toMatchObject({ permanent: true, optedOut: false, code: 20003, status: 401 });
    expect(error.message).toBe('Twilio refused the credentials (20003): Authenticate');
    expect(error.message).not.toContain(wrong);
    expect(error.message).not.toContain(authToken);
    expect(twilio.messages).toEqual([]);
  });

  it('strikes the token from anything Twilio says back', async () => {
    twilio.failNext(400, 21211, `The 'To' number ${authToken} is not a valid phone number.`);
    const error = await failureOf(twilioTransport(settings)(text));
    expect(error.message).not.toContain(authToken);
    expect(error.message).toContain('[redacted]');
  });

  it('tries again later when Twilio cannot be reached, saying why without the token', async () => {
    const closed = await startTwilioServer({ accountSid, authToken });
    await closed.close();
    const error = await failureOf(twilioTransport({ ...settings, apiUrl: closed.url })(text));
    expect(error).toMatchObject({ permanent: false, optedOut: false, code: null, status: null });
    expect(error.message).toMatch(/^Twilio could not be reached: .*ECONNREFUSED/);
    expect(error.message).not.toContain(authToken);
  });

  /** The error of a send to a server in Twilio's place that answers every request as given. */
  async function failureOnAnswer(status: number, contentType: string, body: string) {
    const server = createServer((_request, response) => {
      response.writeHead(status, { 'content-type': contentType });
      response.end(body);
    });
    const url = await listening(server);
    try {
      return await failureOf(twilioTransport({ ...settings, apiUrl: url })(text));
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it('tries again later on an answer that is not Twilio JSON', async () => {
    const error = await failureOnAnswer(502, 'text/html', '<html><body>Bad gateway</body></html>');
    expect(error).toMatchObject({ permanent: false, code: null, status: 502 });
    expect(error.message).toBe('Twilio could not take the text (502): Bad Gateway');
  });

  it('does not send again when Twilio took the request but its answer names no message', async () => {
    const error = await failureOnAnswer(201, 'application/json', '{}');
    expect(error).toMatchObject({ permanent: true, code: null, status: 201 });
  });
});

describe("the test server's signed webhooks", () => {
  let twilio: TwilioServer;
  let receiver: Server;
  let receiverUrl: string;
  const received: { url: string; signature: string | undefined; params: Record<string, string> }[] = [];

  beforeAll(async () => {
    twilio = await startTwilioServer({ accountSid, authToken });
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({
          url: `${receiverUrl}${request.url}`,
          signature: request.headers['x-twilio-signature'] as string | undefined,
          params: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
        });
        response.writeHead(204).end();
      });
    });
    receiverUrl = await listening(receiver);
  });
  afterAll(async () => {
    await twilio.close();
    await new Promise((resolve) => receiver.close(resolve));
  });
  afterEach(() => {
    received.length = 0;
  });

  it('reports delivery as Twilio does, signed with the auth token', async () => {
    const settings = { accountSid, authToken, from: '+15555550100', apiUrl: twilio.url };
    const statusCallback = `${receiverUrl}/api/texts/status?outbox=42&kind=reminder`;
    const { providerId } = await twilioTransport(settings)({
      id: 'x',
      to: '+15555550123',
      body: 'Hello',
      statusCallback,
    });
    const response = await twilio.reportStatus(twilio.messages[0]!, 'undelivered', '30003');
    expect(response.status).toBe(204);

    const [report] = received;
    expect(report!.url).toBe(statusCallback);
    expect(report!.params).toEqual({
      AccountSid: accountSid,
      ApiVersion: '2010-04-01',
      ErrorCode: '30003',
      From: '+15555550100',
      MessageSid: providerId,
      MessageStatus: 'undelivered',
      SmsSid: providerId,
      SmsStatus: 'undelivered',
      To: '+15555550123',
    });
    expect(verifyTwilioSignature(authToken, report!.url, report!.params, report!.signature)).toBe(true);
    expect(verifyTwilioSignature('another-token', report!.url, report!.params, report!.signature)).toBe(
      false,
    );
    expect(
      verifyTwilioSignature(
        authToken,
        report!.url,
        { ...report!.params, MessageStatus: 'delivered' },
        report!.signature,
      ),
    ).toBe(false);
  });

  it('leaves ErrorCode out of a report of a delivered text', async () => {
    const settings = { accountSid, authToken, from: '+15555550100', apiUrl: twilio.url };
    await twilioTransport(settings)({ id: 'x', to: '+15555550123', body: 'Hi', statusCallback: receiverUrl });
    await twilio.reportStatus(twilio.messages.at(-1)!, 'delivered');
    expect(received[0]!.params).not.toHaveProperty('ErrorCode');
    expect(received[0]!.params.MessageStatus).toBe('delivered');
  });

  it('sends a reply as Twilio does, signed with the auth token', async () => {
    const url = `${receiverUrl}/api/texts/inbound`;
    const response = await twilio.sendInbound({
      url,
      from: '+15555550123',
      to: '+15555550100',
      body: 'STOP',
    });
    expect(response.status).toBe(204);

    const [reply] = received;
    expect(reply!.params).toMatchObject({
      AccountSid: accountSid,
      From: '+15555550123',
      To: '+15555550100',
      Body: 'STOP',
      NumMedia: '0',
      NumSegments: '1',
    });
    expect(reply!.params.MessageSid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(reply!.params.SmsSid).toBe(reply!.params.MessageSid);
    expect(verifyTwilioSignature(authToken, url, reply!.params, reply!.signature)).toBe(true);
    expect(verifyTwilioSignature(authToken, url, { ...reply!.params, Body: 'START' }, reply!.signature)).toBe(
      false,
    );
    expect(verifyTwilioSignature(authToken, url, reply!.params, undefined)).toBe(false);
  });
});

async function listening(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
