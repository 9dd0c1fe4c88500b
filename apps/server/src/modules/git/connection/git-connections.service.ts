import { encodeMessage, type GitConnectBody, type GitConnectionInfo, type IntegrationTarget } from '@fairway/shared';
import type { Db } from '../../../db/client';
import { ConflictError, ValidationError } from '../../../lib/errors';
import { createSecretBox, type SecretBox } from '../../../lib/secrets';
import { createRateLimiter, type RateLimiter } from '../../../providers/accounting/rate-limiter';
import { createGitClient, GIT_RATE_LIMIT, type GitClient, type GitClientOptions } from '../../../providers/git/git.client';
import { demoGitConnection, GIT_SIMULATOR_KIT } from '../../../providers/git/git.demo';
import { type GitError, isGitError } from '../../../providers/git/git-errors';
import type { MirrorTarget } from '../../accounting/mirror/mirror';
import { logEventQuietly } from '../../eventlogs/eventlogs.service';
import type { GitClientDeps } from '../git.deps';
import * as repo from './git-connections.repository';

export type { GitConnectionRow } from './git-connections.repository';
export { findGitConnection } from './git-connections.repository';

/** What the connection needs: the database and log, the config (key box, allowed origins) and the demo's simulator. */
export type GitConnectionDeps = GitClientDeps;

// One per server (its config and database), however the deps object is passed.
const boxes = new WeakMap<object, SecretBox>();
function keyBox(deps: Pick<GitConnectionDeps, 'config'>): SecretBox {
  let box = boxes.get(deps.config);
  if (!box) {
    box = createSecretBox(deps.config.JWT_SECRET, 'git-api-keys');
    boxes.set(deps.config, box);
  }
  return box;
}

const limiters = new WeakMap<object, RateLimiter>();
function limiterFor(deps: Pick<GitConnectionDeps, 'db'>): RateLimiter {
  let limiter = limiters.get(deps.db);
  if (!limiter) {
    limiter = createRateLimiter(deps.db, GIT_RATE_LIMIT);
    limiters.set(deps.db, limiter);
  }
  return limiter;
}

/** Tests shorten the client's backoff; everything else uses the client's defaults. */
const clientTuning = (deps: Pick<GitConnectionDeps, 'config'>): Partial<GitClientOptions> =>
  deps.config.NODE_ENV === 'test' ? { retryBaseMs: 5, maxRetries: 2, timeoutMs: 10_000 } : {};

function clientOf(deps: GitConnectionDeps, connection: { baseUrl: string; apiKey: string; clubId: string }): GitClient {
  return createGitClient({ ...clientTuning(deps), ...connection, limiter: limiterFor(deps), logger: deps.log });
}

/**
 * Where the server may call GIT with a club's key: the origins of GIT_ALLOWED_ORIGINS, and the
 * built-in GIT simulator's when this process runs one (the demo). A user-entered address
 * otherwise makes the server a probe of anything it can reach (its own network, cloud metadata)
 * and hands the key to whoever listens there.
 */
export async function allowedGitOrigins(app: Pick<GitConnectionDeps, 'config' | 'simulators'>): Promise<string[]> {
  const simulator = await app.simulators.runningUrl(GIT_SIMULATOR_KIT.id);
  return simulator ? [...app.config.GIT_ALLOWED_ORIGINS, new URL(simulator).origin] : app.config.GIT_ALLOWED_ORIGINS;
}

/** Whether `baseUrl` is at one of `origins` (and carries no credentials of its own). */
export function isAllowedGitAddress(origins: readonly string[], baseUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '') return false;
  return origins.includes(url.origin);
}

/**
 * What a GIT link reaches (docs/git.md#what-reaches-a-real-system). GIT's web services need a
 * developer licence from the Swedish Golf Federation, so the real GIT is only an origin the
 * operator configured (`configured`, GIT_ALLOWED_ORIGINS). A link made to the demo's simulator, or
 * whose address is the built-in simulator's (`simulator`: it may be typed in while the demo runs
 * it) or at no configured origin, reaches no real GIT. With no link, what connecting could reach:
 * the real GIT only when an origin of it is configured.
 */
export function gitTargetOf(
  connection: Pick<repo.GitConnectionRow, 'environment' | 'baseUrl'> | null,
  origins: { configured: readonly string[]; simulator: string | null },
): IntegrationTarget {
  const configured = origins.configured.filter((origin) => origin !== origins.simulator);
  if (!connection) return configured.length > 0 ? 'live' : 'simulator';
  if (connection.environment === 'simulator' || !connection.baseUrl) return 'simulator';
  return isAllowedGitAddress(configured, connection.baseUrl) ? 'live' : 'simulator';
}

/**
 * `gitTargetOf` with this server's origins: the GIT connection's `environment` and the
 * integrations page's GIT `target` both say it, so the two cannot disagree.
 */
export async function gitConnectionTarget(
  app: Pick<GitConnectionDeps, 'config' | 'simulators'>,
  connection: Pick<repo.GitConnectionRow, 'environment' | 'baseUrl'> | null,
): Promise<IntegrationTarget> {
  const simulator = await app.simulators.runningUrl(GIT_SIMULATOR_KIT.id);
  return gitTargetOf(connection, {
    configured: app.config.GIT_ALLOWED_ORIGINS,
    simulator: simulator ? new URL(simulator).origin : null,
  });
}

async function addressOf(app: GitConnectionDeps, row: repo.GitConnectionRow): Promise<string> {
  if (row.environment === 'simulator') return (await demoGitConnection(app.simulators)).baseUrl;
  if (!row.baseUrl) throw new Error('GIT connection without a base URL');
  // Checked at every use too: the allowed origins may have changed since the connection was made.
  if (!isAllowedGitAddress(await allowedGitOrigins(app), row.baseUrl)) throw new ConflictError('git.addressNotAllowed');
  return row.baseUrl;
}

/**
 * The GIT client of a club account's connection. A connection whose key GIT revoked (or none)
 * is refused with the localised reason, so nothing talks to GIT until someone reconnects.
 */
export async function gitClientFor(
  app: GitConnectionDeps,
  target: MirrorTarget,
): Promise<{ client: GitClient; connection: repo.GitConnectionRow }> {
  const connection = await repo.findGitConnection(app.db, target);
  if (!connection) throw new ConflictError('git.notConnected');
  if (connection.status !== 'connected') throw new ConflictError('git.keyRevoked');
  const client = clientOf(app, {
    baseUrl: await addressOf(app, connection),
    apiKey: keyBox(app).open(connection.apiKey),
    clubId: connection.gitClubId,
  });
  return { client, connection };
}

/** The connection as the API shows it; its `environment` is what it reaches (gitConnectionTarget). */
export async function toConnectionInfo(
  app: Pick<GitConnectionDeps, 'config' | 'simulators'>,
  row: repo.GitConnectionRow | null,
): Promise<GitConnectionInfo> {
  if (!row)
    return {
      status: 'not_connected',
      clubId: null,
      clubName: null,
      environment: null,
      connectedAt: null,
      revokedAt: null,
      lastError: null,
    };
  return {
    status: row.status === 'connected' ? 'connected' : 'key_revoked',
    clubId: row.gitClubId,
    clubName: row.gitClubName,
    environment: await gitConnectionTarget(app, row),
    connectedAt: row.connectedAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    lastError: row.lastError,
  };
}

/**
 * Connects (or reconnects) the club account to GIT: the club id and key are tried with
 * `GET /club` first, so a wrong key answers GIT's refusal and stores nothing. The key is stored
 * encrypted.
 */
export async function connectGit(
  app: GitConnectionDeps,
  target: MirrorTarget,
  body: GitConnectBody & { environment?: 'live' | 'simulator' },
  userId: string | null,
): Promise<GitConnectionInfo> {
  const environment = body.environment ?? 'live';
  if (environment === 'live' && !isAllowedGitAddress(await allowedGitOrigins(app), body.baseUrl)) {
    throw new ValidationError({ baseUrl: [encodeMessage('git_address_not_allowed')] });
  }
  const baseUrl = environment === 'simulator' ? (await demoGitConnection(app.simulators)).baseUrl : body.baseUrl;
  const club = await clientOf(app, { baseUrl, apiKey: body.apiKey, clubId: body.clubId }).getClub();
  const values = {
    gitClubId: body.clubId,
    gitClubName: club.name,
    apiKey: keyBox(app).seal(body.apiKey),
    environment,
    baseUrl: environment === 'simulator' ? null : body.baseUrl,
    status: 'connected',
    connectedBy: userId,
    connectedAt: new Date(),
    revokedAt: null,
    lastError: null,
    lastErrorAt: null,
  };
  const row = await repo.saveGitConnection(app.db, target, values);
  await logEventQuietly(app.db, app.log, {
    ...target,
    resource: 'git',
    activity: 'git.event.connected',
    params: { clubId: body.clubId, clubName: club.name },
    type: 'SUCCESS',
  });
  return toConnectionInfo(app, row ?? null);
}

/** Ends the link: the key is forgotten; the mirror stays readable. */
export async function disconnectGit(app: GitConnectionDeps, target: MirrorTarget): Promise<GitConnectionInfo> {
  if (await repo.deleteGitConnection(app.db, target))
    await logEventQuietly(app.db, app.log, { ...target, resource: 'git', activity: 'git.event.disconnected', type: 'INFO' });
  return toConnectionInfo(app, null);
}

/** GIT refused the key (401): the error that means someone must reconnect. */
export function isKeyRefused(error: unknown): error is GitError {
  return isGitError(error) && error.kind === 'unauthorized';
}

/**
 * Marks the connection revoked once (one event-log entry, however many runs notice it). Answers
 * whether this call was the one that did.
 */
export async function markKeyRevoked(app: GitConnectionDeps, target: MirrorTarget, error: GitError): Promise<boolean> {
  if (!(await repo.markGitConnectionRevoked(app.db, target, error.message))) return false;
  await logEventQuietly(app.db, app.log, {
    ...target,
    resource: 'git',
    activity: 'git.event.keyRevoked',
    error: String(error.gitCode ?? error.message),
    type: 'ERROR',
  });
  return true;
}

/** Connected club accounts (the scheduled refresh's targets). */
export function listConnectedGitTargets(db: Db): Promise<MirrorTarget[]> {
  return repo.listConnectedGitTargets(db);
}

/**
 * Demo mode: connects the club account to the built-in GIT simulator (`demoGitConnection`),
 * verified like any connection. The first refresh is the caller's to queue.
 */
export async function connectDemoGit(
  app: GitConnectionDeps,
  target: MirrorTarget,
  userId: string | null,
): Promise<GitConnectionInfo> {
  const demo = await demoGitConnection(app.simulators);
  return connectGit(app, target, { ...demo, environment: 'simulator' }, userId);
}
