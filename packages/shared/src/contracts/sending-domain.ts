import { z } from '../zod';

/**
 * A corporation's own sending domain (docs/decisions/105): the portal makes its DKIM key, shows
 * the DNS records to publish, and signs the corporation's mail once the DKIM record is found.
 */
export const sendingDomainWords = {
  title: 'Send from your own domain',
  description:
    'Reminders then come from your own domain instead of ours, which mailbox providers trust more. Add the three records below at your domain’s DNS host, then check them here.',
  domainLabel: 'Your domain',
  domainInvalid: 'Enter a domain name such as mail.yourbrokerage.com, without http:// or an @.',
  set: (domain: string) => `Key made for ${domain}. Publish the records below, then check them.`,
  removed: 'Your mail goes out from our domain again.',
  found: 'The DKIM record is published: your mail now goes out from your domain, signed.',
  notFound:
    'The DKIM record was not found yet. DNS changes can take up to a day to be seen; check again later.',
  notSetUp: 'No sending domain is set up.',
  waiting: 'Waiting for the DKIM record',
  verified: 'In use: mail is signed',
} as const;

/** A domain name of letters, digits and hyphens, at least two labels, 253 characters at most. */
const domainPattern = /^(?=.{4,253}$)(?!-)([a-z0-9-]{1,63}(?<!-)\.)+[a-z]{2,63}$/;

export const sendingDomainRequestSchema = z.object({
  domain: z
    .string({ error: sendingDomainWords.domainInvalid })
    .trim()
    .toLowerCase()
    .transform((value) => value.replace(/\.$/, ''))
    .pipe(z.string().regex(domainPattern, { error: sendingDomainWords.domainInvalid })),
});
export type SendingDomainRequest = z.input<typeof sendingDomainRequestSchema>;

export const dnsRecordSchema = z.object({
  /** What the record is for: 'DKIM', 'SPF' or 'DMARC'. */
  purpose: z.enum(['DKIM', 'SPF', 'DMARC']),
  type: z.literal('TXT'),
  /** The full name of the record. */
  name: z.string(),
  value: z.string(),
});
export type DnsRecord = z.infer<typeof dnsRecordSchema>;

export const sendingDomainSchema = z.object({
  /** Null when the corporation sends from the portal's domain. */
  domain: z.string().nullable(),
  /** The address its mail leaves from once the domain is in use. */
  fromAddress: z.string().nullable(),
  status: z.enum(['none', 'waiting', 'verified']),
  verifiedAt: z.string().nullable(),
  records: z.array(dnsRecordSchema),
  /** What the last change or check found, in a sentence. */
  message: z.string().optional(),
});
export type SendingDomain = z.infer<typeof sendingDomainSchema>;
