import { z } from 'zod';
import { defaultBasePath } from '@homeminder/shared/constants';

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
  /** The address users reach the portal at, for links in emails; never taken from request headers. */
  PUBLIC_URL: z.url().optional(),
  /**
   * `1`: start with mail delivery held. The outbox fills as usual but nothing leaves, for a node
   * started on a restored backup (docs/operations.md, docs/decisions/066).
   */
  MAIL_HOLD: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((value) => value === '1' || value === 'true'),
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
   * arriving after that is answered 408 and its connection closed (docs/decisions/050).
   */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(requestTimeouts.requestMs),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(requestTimeouts.headersMs),
});

export type Env = z.infer<typeof envSchema>;

/** Where links in emails point: PUBLIC_URL, else this machine on the configured port. */
export function publicBaseUrl(env: Pick<Env, 'PUBLIC_URL' | 'PORT' | 'BASE_PATH'>): string {
  const origin = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return `${origin}${env.BASE_PATH}`;
}

/** The From address of emails: MAIL_FROM, else no-reply at the portal's host name. */
export function mailFrom(env: Pick<Env, 'MAIL_FROM' | 'PUBLIC_URL'>): string {
  if (env.MAIL_FROM) return env.MAIL_FROM;
  const host = env.PUBLIC_URL ? new URL(env.PUBLIC_URL).hostname : 'localhost';
  return `HomeMinder <no-reply@${host}>`;
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  return parsed.data;
}
