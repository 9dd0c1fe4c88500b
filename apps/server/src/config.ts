import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * PostgreSQL's buffer pool inside PGlite (db/pglite-worker.mjs): what the lists read again and
 * again stays there instead of being read through the WebAssembly file layer; PGlite keeps what it
 * has touched, so this is also most of its idle memory (bench/README.md#start).
 */
export const DEFAULT_PGLITE_SHARED_BUFFERS = '16MB';

/** The special DATA_DIR that keeps PGlite in memory (tests, throwaway runs). */
export const IN_MEMORY = ':memory:';

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

const bool = (fallback: boolean) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      if (['true', '1', 'yes', 'on'].includes(v)) return true;
      if (['false', '0', 'no', 'off'].includes(v)) return false;
      ctx.addIssue({ code: 'custom', message: 'must be true or false' });
      return z.NEVER;
    });

/** Empty strings count as unset: `FOO= npm start` is a common way to "unset" a variable. */
const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/** A comma-separated list of http(s) URLs, kept as their origins (`https://host[:port]`). */
const originList = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const origins: string[] = [];
    for (const item of (value ?? '').split(',').map((v) => v.trim())) {
      if (item === '') continue;
      let url: URL | undefined;
      try {
        url = new URL(item);
      } catch {
        url = undefined;
      }
      if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
        ctx.addIssue({ code: 'custom', message: `"${item}" is not an http(s) URL` });
        return z.NEVER;
      }
      origins.push(url.origin);
    }
    return [...new Set(origins)];
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional()),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.string().trim().min(3).max(200).default('Fairway <no-reply@fairway.se>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BRAND: z.enum(['fairway', 'dubbelkoll']).default('fairway'),
  WEB_DIST: optionalString,
  RUN_WORKERS: bool(true),
  SEED_DEMO: bool(true),
  TRUST_PROXY: bool(false),
  RUN_STALE_SECONDS: z.coerce.number().min(1).max(3600).default(90),
  RUN_TURN_SECONDS: z.coerce.number().min(1).max(3600).default(30),
  // PostgreSQL's buffer pool inside PGlite (db/pglite-worker.mjs); PostgreSQL's own notation.
  PGLITE_SHARED_BUFFERS: z
    .string()
    .trim()
    .regex(/^[1-9]\d{0,5}(kB|MB|GB)$/, 'must be a size such as 64MB')
    .default(DEFAULT_PGLITE_SHARED_BUFFERS),
  INIT_CWD: optionalString,
  // Accounting programs' OAuth apps. Without a client id, connections use the built-in simulator.
  FORTNOX_CLIENT_ID: optionalString,
  FORTNOX_CLIENT_SECRET: optionalString,
  FORTNOX_AUTH_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  FORTNOX_API_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  VISMA_CLIENT_ID: optionalString,
  VISMA_CLIENT_SECRET: optionalString,
  VISMA_AUTH_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  VISMA_API_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  GIT_ALLOWED_ORIGINS: originList,
  // 46elks, the SMS provider. Without an API username, SMS go to the built-in simulator.
  ELKS_API_USERNAME: optionalString,
  ELKS_API_PASSWORD: optionalString,
  ELKS_API_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  // Optional DKIM signing of member care's e-mail (nodemailer's `dkim`): all three, or none.
  DKIM_DOMAIN: optionalString,
  DKIM_SELECTOR: optionalString,
  DKIM_PRIVATE_KEY: optionalString,
  // Backups (docs/backup.md): the nightly job is off unless a folder is named.
  BACKUP_DIR: optionalString,
  BACKUP_KEEP: z.coerce.number().int().min(1).max(365).default(14),
  BACKUP_KEY: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
});

type ParsedEnv = z.output<typeof envSchema>;

const englishErrors = z.locales.en().localeError;

export interface Config {
  NODE_ENV: ParsedEnv['NODE_ENV'];
  PORT: number;
  HOST: string;
  /** Absolute path, or `:memory:` for an in-memory PGlite. */
  DATA_DIR: string;
  DATABASE_URL: string | undefined;
  JWT_SECRET: string;
  /** Without a trailing slash, e.g. `http://localhost:3000`. */
  PUBLIC_URL: string;
  SMTP_URL: string | undefined;
  MAIL_FROM: string;
  LOG_LEVEL: ParsedEnv['LOG_LEVEL'];
  BRAND: ParsedEnv['BRAND'];
  /** Absolute path of the web app's production build. */
  WEB_DIST: string;
  RUN_WORKERS: boolean;
  SEED_DEMO: boolean;
  /** Honour X-Forwarded-* (set when running behind a load balancer). */
  TRUST_PROXY: boolean;
  /**
   * A running job run (lib/runs) whose heartbeat is older than this is taken for dead: its worker
   * beats every few seconds, so 90 s covers a busy machine without leaving a crashed run for long.
   */
  RUN_STALE_SECONDS: number;
  /** How long a run works before it lets a waiting run of its kind have the worker (lib/runs/run-engine.ts). */
  RUN_TURN_SECONDS: number;
  /** PGlite's buffer pool, in PostgreSQL's notation (`16MB`). */
  PGLITE_SHARED_BUFFERS: string;
  /** Where the nightly backup writes (docs/backup.md); undefined = no nightly backup. */
  BACKUP_DIR: string | undefined;
  /** Nightly backups kept in BACKUP_DIR; older ones are deleted. */
  BACKUP_KEEP: number;
  /** Seals backups with AES-256-GCM; undefined = backups are written unencrypted. */
  BACKUP_KEY: string | undefined;
  /** OAuth apps of the cloud accounting programs; `null` means "use the simulator". */
  FORTNOX: OAuthAppConfig | null;
  VISMA_EEKONOMI: OAuthAppConfig | null;
  /**
   * Origins of GIT's API that a club account may connect to (`https://host[:port]`). The server
   * calls no other address with a club's GIT key, whatever a user enters, apart from the demo's
   * built-in GIT simulator while it runs (modules/git/connection/git-connections.service.ts).
   */
  GIT_ALLOWED_ORIGINS: string[];
  /** The 46elks API account SMS are sent with; `null` means "use the simulator" (providers/46elks/kit.ts). */
  ELKS: ElksConfig | null;
  /** DKIM signing of member care's send-outs; `null` sends them unsigned (docs/member-care.md#e-mail). */
  DKIM: DkimConfig | null;
}

export interface DkimConfig {
  domainName: string;
  keySelector: string;
  /** PEM; `\n` in the variable stands for a line break. */
  privateKey: string;
}

export interface ElksConfig {
  username: string;
  password: string;
  /** The API root, `https://api.46elks.com/a1` unless told. */
  apiUrl: string;
}

export interface OAuthAppConfig {
  clientId: string;
  clientSecret: string;
  /** Origin of the authorization server, e.g. `https://apps.fortnox.se`. */
  authUrl: string;
  /** Origin of the API, e.g. `https://api.fortnox.se`. */
  apiUrl: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: { variable: string; message: string }[]) {
    super(`Invalid environment configuration:\n${problems.map((p) => `  - ${p.variable}: ${p.message}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment once. Relative paths are resolved against the folder npm was started
 * from (`INIT_CWD`): `npm start` at the repository root runs the server inside apps/server, and
 * `./data` must still mean the root's data folder.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Zod's plain English messages, even if another module installed a global error map.
  const result = envSchema.safeParse(env, { error: englishErrors });
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => ({
        variable: issue.path.map(String).join('.') || '(environment)',
        message: issue.message,
      })),
    );
  }
  const e = result.data;
  const base = e.INIT_CWD ?? process.cwd();
  const dataDir = e.DATA_DIR === IN_MEMORY ? IN_MEMORY : path.resolve(base, e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');

  return {
    NODE_ENV: e.NODE_ENV,
    PORT: e.PORT,
    HOST: e.HOST,
    DATA_DIR: dataDir,
    DATABASE_URL: e.DATABASE_URL,
    JWT_SECRET: e.JWT_SECRET ?? resolveJwtSecret(e.NODE_ENV, dataDir),
    PUBLIC_URL: publicUrl,
    SMTP_URL: e.SMTP_URL,
    MAIL_FROM: e.MAIL_FROM,
    LOG_LEVEL: e.LOG_LEVEL,
    BRAND: e.BRAND,
    WEB_DIST: e.WEB_DIST ? path.resolve(base, e.WEB_DIST) : DEFAULT_WEB_DIST,
    RUN_WORKERS: e.RUN_WORKERS,
    SEED_DEMO: e.SEED_DEMO,
    TRUST_PROXY: e.TRUST_PROXY,
    RUN_STALE_SECONDS: e.RUN_STALE_SECONDS,
    RUN_TURN_SECONDS: e.RUN_TURN_SECONDS,
    PGLITE_SHARED_BUFFERS: e.PGLITE_SHARED_BUFFERS,
    BACKUP_DIR: e.BACKUP_DIR ? path.resolve(base, e.BACKUP_DIR) : undefined,
    BACKUP_KEEP: e.BACKUP_KEEP,
    BACKUP_KEY: e.BACKUP_KEY,
    FORTNOX: oauthApp(
      e.FORTNOX_CLIENT_ID,
      e.FORTNOX_CLIENT_SECRET,
      e.FORTNOX_AUTH_URL ?? 'https://apps.fortnox.se',
      e.FORTNOX_API_URL ?? 'https://api.fortnox.se',
    ),
    VISMA_EEKONOMI: oauthApp(
      e.VISMA_CLIENT_ID,
      e.VISMA_CLIENT_SECRET,
      e.VISMA_AUTH_URL ?? 'https://identity.vismaonline.com',
      e.VISMA_API_URL ?? 'https://eaccountingapi.vismaonline.com',
    ),
    GIT_ALLOWED_ORIGINS: e.GIT_ALLOWED_ORIGINS,
    ELKS: elksAccount(e.ELKS_API_USERNAME, e.ELKS_API_PASSWORD, e.ELKS_API_URL ?? 'https://api.46elks.com/a1'),
    DKIM:
      e.DKIM_DOMAIN && e.DKIM_SELECTOR && e.DKIM_PRIVATE_KEY
        ? { domainName: e.DKIM_DOMAIN, keySelector: e.DKIM_SELECTOR, privateKey: e.DKIM_PRIVATE_KEY.replace(/\\n/g, '\n') }
        : null,
  };
}

function elksAccount(username: string | undefined, password: string | undefined, apiUrl: string): ElksConfig | null {
  if (!username && !password) return null;
  if (!username)
    throw new ConfigError([
      { variable: 'ELKS_API_USERNAME', message: 'the 46elks API username is required with ELKS_API_PASSWORD' },
    ]);
  if (!password)
    throw new ConfigError([
      { variable: 'ELKS_API_PASSWORD', message: `the 46elks API password is required with username ${username}` },
    ]);
  return { username, password, apiUrl: apiUrl.replace(/\/+$/, '') };
}

function oauthApp(
  clientId: string | undefined,
  clientSecret: string | undefined,
  authUrl: string,
  apiUrl: string,
): OAuthAppConfig | null {
  if (!clientId) return null;
  if (!clientSecret)
    throw new ConfigError([{ variable: 'CLIENT_SECRET', message: `a client secret is required with client id ${clientId}` }]);
  const trim = (u: string) => u.replace(/\/+$/, '');
  return { clientId, clientSecret, authUrl: trim(authUrl), apiUrl: trim(apiUrl) };
}

/**
 * Without JWT_SECRET a random secret is kept in DATA_DIR, so a restart does not sign everybody
 * out. Tests and in-memory runs have nothing to keep and get a fresh one.
 */
function resolveJwtSecret(nodeEnv: Config['NODE_ENV'], dataDir: string): string {
  if (nodeEnv === 'test' || dataDir === IN_MEMORY) return randomBytes(48).toString('base64url');
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
