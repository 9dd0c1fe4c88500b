/**
 * A separate process for the crash-restart test (apps/server/src/modules/git/sync/git-sync.crash.test.ts): it works on the PostgreSQL
 * database the test made for it and talks to the test's Fortnox and GIT simulators over HTTP, so the
 * test can kill it with SIGKILL at any moment and start it again, as a supervisor restarts a crashed
 * server.
 *
 *   git-sync.crash-child.ts setup-sync <databaseUrl> <stateFile> <fortnoxUrl> <gitApiBaseUrl> <gitClubId> <gitApiKey>
 *   git-sync.crash-child.ts setup-refresh <databaseUrl> <stateFile> <fortnoxUrl>
 *   git-sync.crash-child.ts work <databaseUrl> <stateFile> <fortnoxUrl>
 *
 * `setup-sync` mirrors the club, maps its articles and asks for a sync the way a person does
 * (POST git/sync); `setup-refresh` connects a club to Fortnox, which queues its first mirror
 * refresh. Neither runs workers, so the run they ask for waits in the queue. `work` is the server
 * process: workers on, nothing asked of it; it prints `done <status>` and exits once the run in
 * the state file has finished, however many restarts that took.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { CONFIGURATION_DEFAULTS, type ConfigurationValues } from '@fairway/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { connectToSimulator } from '../../src/modules/accounting/connection/connections.service';
import { accountingSyncRuns } from '../../src/modules/accounting/refresh/refresh.tables';
import { saveConfiguration } from '../../src/modules/configurations/configurations.service';
import { connectGit } from '../../src/modules/git/connection/git-connections.service';
import { gitInvoiceBases, gitInvoiceOccasions, gitTransactions } from '../../src/modules/git/git.tables';
import { queueGitRefresh, runGitRefresh } from '../../src/modules/git/refresh/git-refresh.service';
import { routeModules } from '../../src/modules/index';
import { runQueuedRefreshes } from '../fixtures/accounting';
import { createOrganisation } from '../fixtures/users';
import { createTestApp } from '../test-app';
import { runCrashChild, waitForRunEnd } from './child';

export interface CrashState {
  organisationId: string;
  clubAccountId: string;
  userId: string;
  /** The run the workers are to finish, and its table. */
  runId: string;
  runTable: 'git_transactions' | 'accounting_sync_runs';
  /** The bases the sync was asked for (mirror ids). */
  basisIds: string[];
  /** The GIT simulator's origin, which the runs' app must be allowed to call (none for a refresh). */
  gitOrigin?: string;
}

const [mode, databaseUrl, stateFile, fortnoxUrl, gitBaseUrl, gitClubId, gitApiKey] = process.argv.slice(2) as string[];

/** The test's Fortnox simulator, in place before any worker could reach for one. */
const useTestFortnox: FastifyPluginAsync = async (app) => {
  app.simulators.use('fortnox', { url: fortnoxUrl as string, close: async () => {} });
};

/** How often `work` looks whether the run has finished. */
const FINISHED_POLL_MS = 200;

async function main() {
  const work = mode === 'work';
  const gitOrigin =
    mode === 'setup-sync'
      ? new URL(gitBaseUrl as string).origin
      : work
        ? (JSON.parse(readFileSync(stateFile as string, 'utf8')) as CrashState).gitOrigin
        : undefined;
  // One secret across the restarts: the stored GIT key and accounting tokens are sealed with it.
  const t = await createTestApp(
    {
      DATABASE_URL: databaseUrl as string,
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'git-sync-crash-test-secret-0123456789abcdef',
      RUN_WORKERS: work,
      // A killed worker's run is found dead after 5 s without a heartbeat (90 s in production).
      RUN_STALE_SECONDS: 5,
      ...(gitOrigin ? { GIT_ALLOWED_ORIGINS: [gitOrigin] } : {}),
    },
    { modules: [useTestFortnox, ...routeModules] },
  );
  const app = t.app;
  if (mode === 'setup-refresh') {
    const org = await createOrganisation(app, { name: 'Spegel GK' });
    const target = { organisationId: org.organisationId, clubAccountId: org.clubAccountId };
    await connectToSimulator(app, target, 'fortnox', org.owner.userId);
    const [run] = await app.db.select().from(accountingSyncRuns).where(eq(accountingSyncRuns.clubAccountId, org.clubAccountId));
    if (!run) throw new Error('connecting queued no refresh');
    const state: CrashState = {
      ...target,
      userId: org.owner.userId,
      runId: run.id,
      runTable: 'accounting_sync_runs',
      basisIds: [],
    };
    writeFileSync(stateFile as string, JSON.stringify(state));
  } else if (mode === 'setup-sync') {
    const org = await createOrganisation(app, { name: 'Krasch GK' });
    const target = { organisationId: org.organisationId, clubAccountId: org.clubAccountId };
    await connectToSimulator(app, target, 'fortnox', org.owner.userId);
    await runQueuedRefreshes(app, org);
    await connectGit(
      app,
      target,
      { clubId: gitClubId as string, apiKey: gitApiKey as string, baseUrl: gitBaseUrl as string },
      org.owner.userId,
    );
    await runGitRefresh(app, await queueGitRefresh(app, target, 'initial'));
    await saveConfiguration(app.db, target, { userId: org.owner.userId, reach: null }, 'api', {
      ...CONFIGURATION_DEFAULTS.api,
      club_to_sync: org.clubAccountId,
    } as ConfigurationValues['api']);
    await saveConfiguration(app.db, target, { userId: org.owner.userId, reach: null }, 'invoice', {
      ...CONFIGURATION_DEFAULTS.invoice,
      sendMethod: 'print',
    } as ConfigurationValues['invoice']);
    const mappings = await app.inject({ method: 'GET', url: '/api/v1/git/article-mappings', headers: org.owner.headers });
    const codes = (mappings.json().data as { gitArticleCode: string }[]).map((m) => m.gitArticleCode);
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/v1/git/article-mappings',
      headers: org.owner.headers,
      payload: { mappings: codes.map((gitArticleCode) => ({ gitArticleCode, create: true })) },
    });
    if (saved.statusCode !== 200) throw new Error(`mapping answered ${saved.statusCode}: ${saved.body}`);
    const [occasion] = await app.db
      .select()
      .from(gitInvoiceOccasions)
      .where(eq(gitInvoiceOccasions.clubAccountId, org.clubAccountId))
      .orderBy(asc(gitInvoiceOccasions.invoiceDate));
    if (!occasion) throw new Error('no occasion');
    const bases = await app.db
      .select({ id: gitInvoiceBases.id })
      .from(gitInvoiceBases)
      .where(and(eq(gitInvoiceBases.occasionGitId, occasion.gitId), eq(gitInvoiceBases.status, 'unpaid')))
      .orderBy(asc(gitInvoiceBases.number))
      .limit(12);
    const basisIds = bases.map((b) => b.id);
    const asked = await app.inject({
      method: 'POST',
      url: '/api/v1/git/sync',
      headers: { ...org.owner.headers, 'accept-language': 'en' },
      payload: { occasionId: occasion.id, basisIds },
    });
    if (asked.statusCode !== 202) throw new Error(`git/sync answered ${asked.statusCode}: ${asked.body}`);
    const runId = asked.json().data.id as string;
    const state: CrashState = {
      ...target,
      userId: org.owner.userId,
      runId,
      runTable: 'git_transactions',
      basisIds,
      gitOrigin,
    };
    writeFileSync(stateFile as string, JSON.stringify(state));
  } else if (work) {
    const state = JSON.parse(readFileSync(stateFile as string, 'utf8')) as CrashState;
    const table = state.runTable === 'git_transactions' ? gitTransactions : accountingSyncRuns;
    await waitForRunEnd(async () => {
      const [run] = await app.db.select({ status: table.status }).from(table).where(eq(table.id, state.runId));
      return run?.status;
    }, FINISHED_POLL_MS);
  } else {
    throw new Error(`unknown mode ${mode}`);
  }
  await t.close();
}

runCrashChild(main);
