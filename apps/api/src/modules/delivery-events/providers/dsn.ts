/**
 * Delivery status notifications (RFC 3464) as a bounce mailbox receives them when mail goes out
 * over plain SMTP: a `multipart/report; report-type=delivery-status` message whose
 * `message/delivery-status` part holds one block of fields per recipient. A small reader of just
 * that much MIME; anything else (an auto-reply, a feedback report, a human's answer) yields [].
 */
import { createHash } from 'node:crypto';
import type { DeliveryEvent } from '../delivery-event';

/** Header-style fields: names lower-cased, folded lines unfolded, the first of a repeated name kept. */
type Fields = ReadonlyMap<string, string>;

/** Splits text into its header block and the rest, at the first empty line. */
function splitHead(text: string): { head: string; body: string } {
  const blank = /\n[ \t]*\n|^[ \t]*\n/.exec(text);
  if (!blank) return { head: text, body: '' };
  return { head: text.slice(0, blank.index), body: text.slice(blank.index + blank[0].length) };
}

function parseFields(block: string): Fields {
  const fields = new Map<string, string>();
  // A line starting with white space continues the one before (RFC 5322 folding).
  for (const line of block.replace(/\n(?=[ \t])/g, '').split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!fields.has(name)) fields.set(name, line.slice(colon + 1).trim());
  }
  return fields;
}

/** A Content-Type value's media type (lower-cased) and parameters (names lower-cased, unquoted). */
function contentType(value: string | undefined): { type: string; params: Map<string, string> } {
  const params = new Map<string, string>();
  if (value === undefined) return { type: 'text/plain', params };
  const semicolon = value.indexOf(';');
  const type = (semicolon < 0 ? value : value.slice(0, semicolon)).trim().toLowerCase();
  const param = /;\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s;]+))/g;
  for (const match of value.matchAll(param)) {
    const name = match[1]!.toLowerCase();
    if (!params.has(name)) params.set(name, match[2]?.replace(/\\(.)/g, '$1') ?? match[3] ?? '');
  }
  return { type, params };
}

/** The body parts between `--boundary` lines (RFC 2046 §5.1.1), preamble and epilogue dropped. */
function multipartParts(body: string, boundary: string): string[] {
  const parts: string[] = [];
  let current: string[] | null = null;
  for (const line of body.split('\n')) {
    // A delimiter line may carry trailing white space ("transport padding").
    const trimmed = line.trimEnd();
    if (trimmed === `--${boundary}--`) break;
    if (trimmed === `--${boundary}`) {
      if (current) parts.push(current.join('\n'));
      current = [];
    } else if (current) {
      current.push(line);
    }
  }
  if (current) parts.push(current.join('\n'));
  return parts;
}

/** The delivery-status part's text, decoded if it came base64-encoded. */
function deliveryStatusText(message: string): string | null {
  const { head, body } = splitHead(message);
  const headers = parseFields(head);
  const { type, params } = contentType(headers.get('content-type'));
  if (type !== 'multipart/report') return null;
  const reportType = params.get('report-type')?.toLowerCase();
  if (reportType !== undefined && reportType !== 'delivery-status') return null;
  const boundary = params.get('boundary');
  if (!boundary) return null;
  for (const part of multipartParts(body, boundary)) {
    const split = splitHead(part);
    const partHeaders = parseFields(split.head);
    const partType = contentType(partHeaders.get('content-type')).type;
    // message/global-delivery-status (RFC 6533) is the same fields, allowed to hold UTF-8.
    if (partType !== 'message/delivery-status' && partType !== 'message/global-delivery-status') continue;
    const encoding = partHeaders.get('content-transfer-encoding')?.toLowerCase();
    return encoding === 'base64'
      ? Buffer.from(split.body.replace(/\s+/g, ''), 'base64').toString('utf8').replace(/\r\n?/g, '\n')
      : split.body;
  }
  return null;
}

/** "rfc822; someone@example.com" (or RFC 6533's utf-8 type) as the address; null for other types. */
function mailAddress(value: string | undefined): string | null {
  const semicolon = value?.indexOf(';') ?? -1;
  if (value === undefined || semicolon < 0) return null;
  const addressType = value.slice(0, semicolon).trim().toLowerCase();
  if (addressType !== 'rfc822' && addressType !== 'utf-8') return null;
  const address = value
    .slice(semicolon + 1)
    .trim()
    .replace(/^<(.*)>$/, '$1');
  return address.includes('@') ? address : null;
}

/**
 * The bounces in a delivery status notification: one per recipient block whose Action is
 * "failed" (a "delayed" one is only news of a retry), permanent when its Status is 5.x.x.
 * `messageId` (the DSN's own Message-ID, or the mailbox's id for it) and `at` (when it arrived)
 * come from the caller, who has the envelope.
 */
export function dsnEvents(rawMessage: string, messageId: string, at: Date): DeliveryEvent[] {
  const status = deliveryStatusText(rawMessage.replace(/\r\n?/g, '\n'));
  if (status === null) return [];
  const events: DeliveryEvent[] = [];
  const seen = new Set<string>();
  // Blocks are separated by empty lines; the first is about the message (Reporting-MTA...) and has
  // no Action, so it is passed over like any block that did not fail.
  for (const block of status.split(/\n[ \t]*\n/)) {
    const fields = parseFields(block);
    // The action token alone decides; anything an MTA writes after it is ignored.
    if (!/^failed\b/i.test(fields.get('action') ?? '')) continue;
    // Final-Recipient is required; Original-Recipient helps when the final one is not an address.
    const address =
      mailAddress(fields.get('final-recipient')) ?? mailAddress(fields.get('original-recipient'));
    if (address === null || seen.has(address)) continue;
    seen.add(address);
    events.push({
      provider: 'dsn',
      eventId: `${messageId}:${address}`,
      kind: 'bounce',
      // 4.x.x is a transient failure even when the MTA has given up retrying.
      permanent: fields.get('status')?.startsWith('5.') ?? false,
      address,
      // Folding leaves runs of spaces inside the text; one reads better.
      detail: fields.get('diagnostic-code')?.replace(/[ \t]+/g, ' ') || null,
      at,
    });
  }
  return events;
}

/**
 * The id a DSN's events are known by (`dsnEvents`' `messageId`): its own Message-ID, else a digest
 * of its text, so that the same DSN delivered again is known as the one acted on.
 */
export function dsnMessageId(rawMessage: string): string {
  const text = rawMessage.replace(/\r\n?/g, '\n');
  const messageId = parseFields(splitHead(text).head).get('message-id');
  return messageId && messageId.length <= 250
    ? messageId
    : `sha256:${createHash('sha256').update(text).digest('hex')}`;
}
