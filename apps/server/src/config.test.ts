import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('loadConfig accepted the environment');
}

const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://portal.example.com',
  SMTP_URL: 'smtp://user:pass@mail.example.com:587',
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
};

describe('loadConfig', () => {
  it('has working defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      isProduction: false,
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('.data'),
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      seedDemo: true,
      logLevel: 'info',
    });
    expect(path.isAbsolute(config.webDist)).toBe(true);
    expect(config.webDist.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
  });

  it('seeds the demo outside production unless told not to', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'off' }).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
    expect(loadConfig(PRODUCTION).seedDemo).toBe(false);
  });

  it('reads the variables it is given', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/var/lib/portal',
      DATABASE_URL: 'postgres://portal:pw@db.internal:5432/portal',
      PUBLIC_URL: 'https://portal.example.com/',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/var/lib/portal',
      databaseUrl: 'postgres://portal:pw@db.internal:5432/portal',
      publicUrl: 'https://portal.example.com',
      logLevel: 'warn',
    });
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  });

  it('treats a blank variable as unset', () => {
    expect(loadConfig({ PORT: '', SMTP_URL: '', DATABASE_URL: '' })).toMatchObject({
      port: 3000,
      smtpUrl: undefined,
      databaseUrl: undefined,
    });
  });

  it('reports one line for each bad variable, naming it', () => {
    const problems = problemsOf({ PORT: 'abc', SMTP_URL: 'nonsense' });
    expect(problems).toHaveLength(2);
    expect(problems).toContainEqual(expect.stringMatching(/^PORT /));
    expect(problems).toContainEqual(expect.stringMatching(/^SMTP_URL .*smtp:\/\//));
  });

  it.each([
    [{ PORT: '70000' }, /^PORT must be between 0 and 65535$/],
    [{ PORT: '3000.5' }, /^PORT must be a whole number$/],
    [{ DATABASE_URL: 'mysql://x@y/z' }, /^DATABASE_URL must be a URL such as postgres:\/\//],
    [{ PUBLIC_URL: 'portal.example.com' }, /^PUBLIC_URL must be a URL such as https:\/\//],
    [{ NODE_ENV: 'staging' }, /^NODE_ENV must be development, production or test$/],
    [{ SEED_DEMO: 'maybe' }, /^SEED_DEMO must be one of /],
    [{ LOG_LEVEL: 'loud' }, /^LOG_LEVEL /],
    [{ STRIPE_SECRET_KEY: 'pk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }, /^STRIPE_SECRET_KEY must start with sk_$/],
    [{ STRIPE_SECRET_KEY: 'sk_test_x' }, /^STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set$/],
  ])('refuses %o', (env, problem) => {
    const problems = problemsOf(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(problem);
  });

  it('requires PUBLIC_URL, SMTP_URL and Stripe in production, and refuses the demo there', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'PUBLIC_URL is required in production',
      'SMTP_URL is required in production',
      'STRIPE_SECRET_KEY is required in production (the built-in test payment gateway takes no real payments)',
    ]);
    expect(problemsOf({ ...PRODUCTION, SEED_DEMO: '1' })).toEqual(['SEED_DEMO cannot be on in production']);
    expect(loadConfig(PRODUCTION)).toMatchObject({ isProduction: true, publicUrl: 'https://portal.example.com' });
  });

  it('never lets production fall back to the test payment gateway', () => {
    const { STRIPE_SECRET_KEY: _, STRIPE_WEBHOOK_SECRET: __, ...withoutStripe } = PRODUCTION;
    expect(problemsOf(withoutStripe)).toEqual([
      'STRIPE_SECRET_KEY is required in production (the built-in test payment gateway takes no real payments)',
    ]);
    expect(loadConfig(PRODUCTION)).toMatchObject({ stripeSecretKey: 'sk_live_x', stripeWebhookSecret: 'whsec_x' });
    expect(loadConfig({ NODE_ENV: 'test' }).stripeSecretKey).toBeUndefined();
  });

  it('keeps files in DATA_DIR/uploads unless S3_BUCKET names a bucket', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: 'portal-files' }).s3).toEqual({
      bucket: 'portal-files',
      endpoint: undefined,
      region: 'us-east-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
    });
    expect(
      loadConfig({
        S3_BUCKET: 'portal-files',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_REGION: 'eu-central-1',
        S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
        S3_SECRET_ACCESS_KEY: 'secret',
      }).s3,
    ).toEqual({
      bucket: 'portal-files',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-central-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret',
    });
  });

  it.each([
    [{ S3_BUCKET: 'ab' }, /^S3_BUCKET must be a bucket name/],
    [{ S3_BUCKET: 'Portal_Files' }, /^S3_BUCKET must be a bucket name/],
    [{ S3_BUCKET: 'portal-files', S3_ENDPOINT: 'minio:9000' }, /^S3_ENDPOINT must be a URL such as https:\/\//],
    [{ S3_BUCKET: 'portal-files', S3_REGION: 'US East' }, /^S3_REGION must be a region name/],
    [
      { S3_BUCKET: 'portal-files', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' },
      /^S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together$/,
    ],
    [
      { S3_BUCKET: 'portal-files', S3_SECRET_ACCESS_KEY: 'secret' },
      /^S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together$/,
    ],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, /^S3_BUCKET is required when another S3_ variable is set$/],
  ])('refuses the storage settings %o', (env, problem) => {
    const problems = problemsOf(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(problem);
  });

  it('puts every problem on its own line of the error message', () => {
    expect(() => loadConfig({ PORT: 'abc', SMTP_URL: 'nonsense' })).toThrow(
      /^Invalid configuration:\n {2}- PORT .+\n {2}- SMTP_URL .+$/,
    );
  });

  it('trusts no proxy unless TRUST_PROXY says which, in production too', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig(PRODUCTION).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ ...PRODUCTION, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,fd00::/8,::1, loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
      '::1',
      'loopback',
    ]);
  });

  it('refuses a TRUST_PROXY that is not a hop count, addresses or false, and true above all', () => {
    expect(problemsOf({ TRUST_PROXY: 'true' })).toEqual([
      expect.stringMatching(/^TRUST_PROXY must not be true, which believes any client’s own X-Forwarded-For/),
    ]);
    for (const value of ['yes', '10.0.0.0/33', '10.0.0', 'fd00::/129', '10.0.0.1/8/2', '1.5', '-1', '10.0.0.1,']) {
      const problems = problemsOf({ TRUST_PROXY: value });
      expect(problems, value).toHaveLength(1);
      expect(problems[0]).toMatch(/^TRUST_PROXY must be false, a number of proxies \(1\), or a comma-separated list/);
    }
    expect(problemsOf({ TRUST_PROXY: '10.0.0.1, proxy.internal' })[0]).toContain('not "proxy.internal"');
  });
});
