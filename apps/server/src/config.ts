import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { S3Settings } from './lib/storage/s3-storage.ts';

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], {
    error: 'must be one of 1, 0, true, false, yes, no, on, off',
  })
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const urlWithProtocols = (protocols: string[], example: string) =>
  z.string().refine((v) => URL.canParse(v) && protocols.includes(new URL(v).protocol), {
    message: `must be a URL such as ${example}`,
  });

/** The names proxy-addr gives to address ranges, accepted in a list of trusted proxies. */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/** An address, a CIDR range (`10.0.0.0/8`, `fd00::/8`) or a range's name. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGES.includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies in front of the server are believed about the client's address
 * (X-Forwarded-For): `false`, none (`request.ip` is the connection's own address); a hop
 * count, that many proxies nearest the server; or the proxies' own addresses. `true`, which
 * would believe whatever a client writes in the header, is refused.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (value === 'false') return false;
    if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const wrong = entries.filter((entry) => !isProxyAddress(entry));
    if (value === 'true' || wrong.length) {
      ctx.addIssue({
        code: 'custom',
        message:
          value === 'true'
            ? 'must not be true, which believes any client’s own X-Forwarded-For: give the number of proxies in front of the server (1 for one load balancer), their addresses, or false'
            : `must be false, a number of proxies (1), or a comma-separated list of addresses and CIDR ranges (10.0.0.0/8, loopback); not ${wrong.map((w) => JSON.stringify(w)).join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

const EnvSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
    .default('development'),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1, 'must not be empty').default('.data'),
  DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:'], 'postgres://user:pass@localhost:5432/portal').optional(),
  DATABASE_APP_URL: urlWithProtocols(
    ['postgres:', 'postgresql:'],
    'postgres://portal_app:pass@localhost:5432/portal',
  ).optional(),
  PUBLIC_URL: urlWithProtocols(['http:', 'https:'], 'https://portal.example.com').optional(),
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:'], 'smtp://user:pass@mail.example.com:587').optional(),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_', 'must start with sk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'must start with whsec_').optional(),
  SEED_DEMO: booleanFlag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** An S3-compatible bucket for stored files; without it they go to DATA_DIR/uploads. */
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name: 3 to 63 lowercase letters, digits, dots or dashes',
    )
    .optional(),
  S3_ENDPOINT: urlWithProtocols(['http:', 'https:'], 'https://s3.example.com').optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a region name such as us-east-1')
    .default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  TRUST_PROXY: trustProxy.default(false),
  /** Reads that take at least this many milliseconds are logged with their plan; off when left out. */
  SLOW_QUERY_PLAN_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .optional(),
  /** Where the built web app is; set by tests and the benchmark. */
  WEB_DIST: z.string().optional(),
});

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  /** The owner's connection: migrations, seeds and the job queue's own schema run as it. */
  databaseUrl: string | undefined;
  /** The role the app's queries run as (db/app-role.ts); made from the owner's when left out. */
  databaseAppUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  /** The bucket stored files go to; undefined keeps them in DATA_DIR/uploads. */
  s3: S3Settings | undefined;
  seedDemo: boolean;
  logLevel: string;
  /**
   * The proxies believed about the client's address (X-Forwarded-For), as Fastify's
   * `trustProxy` takes them: none (false), a hop count, or their addresses.
   */
  trustProxy: false | number | string[];
  webDist: string;
  /** Reads this slow (ms) are logged with their plan (`db/slow-query-plans.ts`); undefined: none. */
  slowQueryPlanMs: number | undefined;
};

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

/** Reads and validates the environment once; every bad variable gets its own line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankAsUnset = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = EnvSchema.safeParse(blankAsUnset);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  const isProduction = e.NODE_ENV === 'production';
  if (isProduction && !e.PUBLIC_URL) problems.push('PUBLIC_URL is required in production');
  if (isProduction && !e.SMTP_URL) problems.push('SMTP_URL is required in production');
  if (isProduction && e.SEED_DEMO) problems.push('SEED_DEMO cannot be on in production');
  // The built-in test gateway takes no money: production takes cards through Stripe only (D13).
  if (isProduction && !e.STRIPE_SECRET_KEY) {
    problems.push(
      'STRIPE_SECRET_KEY is required in production (the built-in test payment gateway takes no real payments)',
    );
  }
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    problems.push('STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set');
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  if (!e.S3_BUCKET && (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID || e.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_BUCKET is required when another S3_ variable is set');
  }
  if (problems.length) throw new ConfigError(problems);

  const root = path.resolve(import.meta.dirname, '../../..');
  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseAppUrl: e.DATABASE_APP_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        }
      : undefined,
    seedDemo: e.SEED_DEMO ?? !isProduction,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    webDist: path.resolve(e.WEB_DIST ?? path.join(root, 'apps/web/dist')),
    slowQueryPlanMs: e.SLOW_QUERY_PLAN_MS,
  };
}

/** The configuration of a command (the server, a script): a setting that does not hold ends it with its one-line message. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
