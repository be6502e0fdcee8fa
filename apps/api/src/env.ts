import { isIP } from 'node:net';
import { z } from 'zod';
import { defaultBasePath } from '@homeminder/shared/constants';
import { bounceAddressPattern, bounceLocalPartMax } from './modules/delivery-events/return-path';

/**
 * The production time-outs of an arriving request: long enough for a 5 MB template over a slow
 * office or mobile link, short enough that a sender who stalls does not keep a socket for long.
 */
export const requestTimeouts = { requestMs: 120_000, headersMs: 15_000 } as const;

/** Configuration, read and validated once. Nothing else reads process.env. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  BASE_PATH: z
    .string()
    .default(defaultBasePath)
    .transform((value) => `/${value.replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/')),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  SMTP_URL: z.string().optional(),
  /** The sender of every email; default HomeMinder <no-reply@ the PUBLIC_URL host>. */
  MAIL_FROM: z.string().optional(),
  /**
   * The address users reach the portal at, for links in emails; never taken from request headers.
   * Kept without the base path, however it was written (see `withoutBasePath`).
   */
  PUBLIC_URL: z.url().optional(),
  /**
   * `1`: start with mail delivery held. The outbox fills as usual but nothing leaves, for a node
   * started on a restored backup (docs/operations.md, docs/decisions/066).
   */
  MAIL_HOLD: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((value) => value === '1' || value === 'true'),
  /**
   * Months of sent mail and of audit entries kept; older months are dropped whole, an hour or so
   * after they pass (docs/operations.md, docs/decisions/108).
   */
  MAIL_RETENTION_MONTHS: z.coerce.number().int().min(1).max(1200).default(13),
  AUDIT_RETENTION_MONTHS: z.coerce.number().int().min(1).max(1200).default(84),
  /**
   * `off`: reminders go at any hour. By default none leaves before 8:00 or from 21:00 in the
   * home's time zone (docs/decisions/102).
   */
  QUIET_HOURS: z
    .enum(['on', 'off'])
    .default('on')
    .transform((value) => value === 'on'),
  /**
   * The mail relays' reports of bounces and complaints (docs/operations.md, docs/decisions/101):
   * each relay's webhook is heard only when its setting is given.
   */
  POSTMARK_WEBHOOK_USER: z.string().min(1).optional(),
  POSTMARK_WEBHOOK_PASSWORD: z.string().min(16).optional(),
  /** The Event Webhook's verification key, as SendGrid shows it (base64). */
  SENDGRID_WEBHOOK_PUBLIC_KEY: z.string().min(40).optional(),
  /** The Amazon SNS topic SES publishes bounces and complaints to. */
  SES_SNS_TOPIC_ARN: z
    .string()
    .regex(
      /^arn:aws[a-z-]*:sns:[a-z0-9-]+:\d{12}:[\w-]+$/,
      'an SNS topic ARN, arn:aws:sns:<region>:<account>:<topic>',
    )
    .optional(),
  /**
   * Bounces sent back over plain SMTP (docs/operations.md, docs/decisions/104): each message over
   * SMTP_URL leaves with a signed envelope sender on this address, `bounces+<id>-<tag>@...`, so
   * that its bounce names it. The VERP lengthens the local part, which may have 64 characters.
   */
  BOUNCE_ADDRESS: z
    .string()
    .regex(
      bounceAddressPattern,
      `a mailbox such as bounces@mail.example.com, its part before @ at most ${bounceLocalPartMax} letters, digits, dots, dashes or underscores`,
    )
    .optional(),
  /** The port of the bounce mailbox, the SMTP server the bounce domain's MX points at; unset, none. */
  BOUNCE_SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /**
   * Reminders by text message through Twilio (docs/operations.md, docs/decisions/106): all three
   * set, texts are offered to homeowners; unset, they are not. TWILIO_FROM is an E.164 number or
   * a Messaging Service SID (MG...).
   */
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM: z.string().min(1).optional(),
  /** Twilio's API address; tests point it at a stand-in server. */
  TWILIO_API_URL: z.url().optional(),
  REDIS_URL: z.string().optional(),
  SEED_DEMO: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((value) => value === '1' || value === 'true'),
  WEB_DIST: z.string().optional(),
  /**
   * Trust X-Forwarded-For from a reverse proxy: off by default, since anyone could otherwise
   * claim any address and slip past the per-address sign-in limit. `1` trusts one proxy hop.
   */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /**
   * API requests one network address may make in a minute, then 429 until the minute is over;
   * `0` turns the limit off. Generous: an office behind one address shares it.
   */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(3000),
  /**
   * The bearer token a Prometheus scraper sends to `<BASE_PATH>api/metrics`; unset, there is no
   * metrics route (docs/operations.md).
   */
  METRICS_TOKEN: z.string().min(16).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * How long a request may take to arrive, body included, and its headers alone; a request still
   * arriving after that gets a 408 response and has its connection closed (docs/decisions/050).
   */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(requestTimeouts.requestMs),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(requestTimeouts.headersMs),
});

/**
 * PUBLIC_URL up to the base path: its origin and any path a proxy puts before the portal. The
 * README calls it the address users reach, which they may well write with the base path
 * (`http://host:8080/ui/`) or without (`http://host:8080`), with a trailing slash or without;
 * all give the same links. Routes ignore letter case (docs/decisions/005), so the match does too.
 */
export function withoutBasePath(publicUrl: string, basePath: string): string {
  const url = new URL(publicUrl);
  const base = basePath.replace(/\/+$/, '').toLowerCase();
  let path = url.pathname.replace(/\/+$/, '');
  if (base && path.toLowerCase().endsWith(base)) path = path.slice(0, -base.length);
  return `${url.origin}${path}`;
}

const envWithPublicUrl = envSchema
  .refine((env) => env.BOUNCE_SMTP_PORT === undefined || env.BOUNCE_ADDRESS !== undefined, {
    path: ['BOUNCE_SMTP_PORT'],
    message: 'the bounce mailbox takes mail for BOUNCE_ADDRESS: set it too',
  })
  .transform((env) => ({
    ...env,
    PUBLIC_URL: env.PUBLIC_URL === undefined ? undefined : withoutBasePath(env.PUBLIC_URL, env.BASE_PATH),
  }));

export type Env = z.infer<typeof envWithPublicUrl>;

/** Where links in emails point: PUBLIC_URL, else this machine on the configured port. */
export function publicBaseUrl(env: Pick<Env, 'PUBLIC_URL' | 'PORT' | 'BASE_PATH'>): string {
  const origin = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return `${origin}${env.BASE_PATH}`;
}

/**
 * The domain of a mailbox at a URL's host: the host name, or for an IP address its address literal
 * (RFC 5321, section 4.1.3), since a bare address such as `no-reply@127.0.0.1` is no mailbox.
 */
export function mailDomainOf(url: string): string {
  const host = new URL(url).hostname;
  const address = host.replace(/^\[|\]$/g, '');
  if (isIP(address) === 4) return `[${address}]`;
  if (isIP(address) === 6) return `[IPv6:${address}]`;
  return host;
}

/** The From address of emails: MAIL_FROM, else no-reply at the portal's host (docs/decisions/068). */
export function mailFrom(env: Pick<Env, 'MAIL_FROM' | 'PUBLIC_URL'>): string {
  if (env.MAIL_FROM) return env.MAIL_FROM;
  return `HomeMinder <no-reply@${env.PUBLIC_URL ? mailDomainOf(env.PUBLIC_URL) : 'localhost'}>`;
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envWithPublicUrl.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  return parsed.data;
}
