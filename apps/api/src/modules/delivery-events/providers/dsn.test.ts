import { describe, expect, it } from 'vitest';
import { dsnExamples } from '../../../test/relay-reports';
import { dsnEvents, dsnMessageId } from './dsn';

// RFC 3464 §10.1, "This is a simple DSN issued after repeated attempts to deliver a message
// failed": the MTA gave up, but with a 4.x.x status.
const rfc3464Simple = dsnExamples.simple;

// RFC 3464 §10.2, a DSN for several recipients: two failed (one with a folded Diagnostic-Code),
// one only delayed. The delivery-status fields are the RFC's.
const rfc3464MultiRecipient = dsnExamples.multiRecipient;

/** A minimal report around the given delivery-status fields. */
const report = (
  fields: string,
  contentType = 'multipart/report; report-type=delivery-status; boundary="b1"',
) =>
  `From: MAILER-DAEMON@mx.example.net
Content-Type: ${contentType}

--b1
Content-Type: text/plain

Delivery failed.
--b1
Content-Type: message/delivery-status

${fields}
--b1--
`;

const at = new Date('2026-03-01T12:00:00Z');

describe('dsnEvents', () => {
  it('reads the RFC 3464 simple DSN: failed, but with a 4.x.x status, so not permanent', () => {
    expect(dsnEvents(rfc3464Simple, '<199407072116.RAA14128@CS.UTK.EDU>', at)).toEqual([
      {
        provider: 'dsn',
        eventId: '<199407072116.RAA14128@CS.UTK.EDU>:louisl@larry.slip.umd.edu',
        kind: 'bounce',
        permanent: false,
        address: 'louisl@larry.slip.umd.edu',
        detail: 'smtp; 426 connection timed out',
        at,
      },
    ]);
  });

  it('reads the RFC 3464 multi-recipient DSN: two permanent bounces, the delayed one skipped', () => {
    expect(dsnEvents(rfc3464MultiRecipient, 'dsn-2', at)).toEqual([
      {
        provider: 'dsn',
        eventId: 'dsn-2:arathib@vnet.ibm.com',
        kind: 'bounce',
        permanent: true,
        address: 'arathib@vnet.ibm.com',
        detail: "smtp; 550 'arathib@vnet.IBM.COM' is not a registered gateway user",
        at,
      },
      {
        provider: 'dsn',
        eventId: 'dsn-2:wsnell@sdcc13.ucsd.edu',
        kind: 'bounce',
        permanent: true,
        address: 'wsnell@sdcc13.ucsd.edu',
        detail: 'smtp; 550 user unknown',
        at,
      },
    ]);
  });

  it('reads the same with CRLF line ends, as a mailbox stores them', () => {
    const crlf = rfc3464MultiRecipient.replace(/\n/g, '\r\n');
    expect(dsnEvents(crlf, 'dsn-2', at)).toEqual(dsnEvents(rfc3464MultiRecipient, 'dsn-2', at));
  });

  it('yields nothing for a delayed-only report', () => {
    const delayed = `Reporting-MTA: dns; mx.example.net

Final-Recipient: rfc822; slow@example.org
Action: delayed
Status: 4.4.7
Will-Retry-Until: Mon, 2 Mar 2026 12:00:00 +0000
`;
    expect(dsnEvents(report(delayed), 'm', at)).toEqual([]);
  });

  it("skips a recipient that is not an Internet address (RFC 3464 §10.3's gateway report)", () => {
    const gateway = `Reporting-MTA: mailbus; SYS30

Final-Recipient: unknown; nair_s
Status: 5.0.0 (unknown permanent failure)
Action: failed
`;
    expect(dsnEvents(report(gateway), 'm', at)).toEqual([]);
    const withOriginal = gateway.replace(
      'Final-Recipient',
      'Original-Recipient: rfc822; nair_s@example.org\nFinal-Recipient',
    );
    expect(dsnEvents(report(withOriginal), 'm', at)).toMatchObject([
      { address: 'nair_s@example.org', permanent: true },
    ]);
  });

  it('reads a base64 delivery-status part, field names in any case, no Diagnostic-Code', () => {
    const fields =
      'reporting-mta: dns; mx.example.net\n\nFINAL-RECIPIENT: RFC822; <gone@example.org>\nACTION: Failed\nSTATUS: 5.1.1\n';
    const message = report('@@').replace(
      'Content-Type: message/delivery-status\n\n@@',
      `Content-Type: message/delivery-status\nContent-Transfer-Encoding: base64\n\n${Buffer.from(fields).toString('base64')}`,
    );
    expect(dsnEvents(message, 'm', at)).toEqual([
      {
        provider: 'dsn',
        eventId: 'm:gone@example.org',
        kind: 'bounce',
        permanent: true,
        address: 'gone@example.org',
        detail: null,
        at,
      },
    ]);
  });

  it('names a recipient once even when the report repeats it', () => {
    const twice = `Reporting-MTA: dns; mx.example.net

Final-Recipient: rfc822; gone@example.org
Action: failed
Status: 5.1.1

Final-Recipient: rfc822; gone@example.org
Action: failed
Status: 5.1.1
`;
    expect(dsnEvents(report(twice), 'm', at)).toHaveLength(1);
  });

  it('yields nothing for messages that are not delivery reports', () => {
    const failed =
      'Reporting-MTA: dns; x\n\nFinal-Recipient: rfc822; a@example.org\nAction: failed\nStatus: 5.1.1\n';
    expect(
      dsnEvents(report(failed, 'multipart/report; report-type=feedback-report; boundary="b1"'), 'm', at),
    ).toEqual([]);
    expect(dsnEvents(report(failed, 'multipart/mixed; boundary="b1"'), 'm', at)).toEqual([]);
    expect(dsnEvents(report(failed, 'multipart/report; report-type=delivery-status'), 'm', at)).toEqual([]);
    expect(dsnEvents(report(failed, 'multipart/report; boundary="other"'), 'm', at)).toEqual([]);
    expect(dsnEvents('Subject: out of office\n\nI am away until Monday.\nAction: failed\n', 'm', at)).toEqual(
      [],
    );
    expect(dsnEvents('', 'm', at)).toEqual([]);
    expect(dsnEvents('\u0000garbage\n\n--\n--', 'm', at)).toEqual([]);
  });
});

describe('dsnMessageId', () => {
  it("is the DSN's own Message-ID", () => {
    expect(dsnMessageId(rfc3464Simple)).toBe('<199407072116.RAA14128@CS.UTK.EDU>');
  });

  it('is, without one, a digest of the text: the same for the same DSN whatever its line ends', () => {
    const id = dsnMessageId(rfc3464MultiRecipient);
    expect(id).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(dsnMessageId(rfc3464MultiRecipient.replace(/\n/g, '\r\n'))).toBe(id);
    expect(dsnMessageId(rfc3464MultiRecipient.replace('user unknown', 'no such user'))).not.toBe(id);
  });

  it('is a digest too when the Message-ID is too long to keep', () => {
    const long = `Message-ID: <${'x'.repeat(300)}@example.net>\n${rfc3464MultiRecipient}`;
    expect(dsnMessageId(long)).toMatch(/^sha256:/);
  });
});
