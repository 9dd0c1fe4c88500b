/**
 * A separate process for the crash-restart test (git-sync.crash.test.ts): it works on the PostgreSQL
 * database the test made for it and talks to the test's Fortnox and GIT simulators over HTTP, so the test can kill it
 * with SIGKILL at any moment and start it again, as a crashed server would be.
 *
 *   tsx git-sync.crash-child.ts setup <databaseUrl> <stateFile> <fortnoxUrl> <gitApiBaseUrl> <gitClubId> <gitApiKey>
 *   tsx git-sync.crash-child.ts run <databaseUrl> <stateFile> <fortnoxUrl>
 *
 * `run` prints one line per sync step (`step <name>`) and `done <runId>` when the run is through.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { CONFIGURATION_DEFAULTS, type ConfigurationValues } from '@fairway/shared';
import { and, asc, eq } from 'drizzle-orm';
import { createTestApp } from '../../test/test-app';
import { saveConfiguration } from '../configurations/configurations.service';
import { connectToSimulator } from '../integrations/accounting-connections.service';
import { runQueuedRefreshes } from '../integrations/accounting-test-helpers';
import { createOrganisation } from '../users/test-fixtures';
import { gitInvoiceBases, gitInvoiceOccasions } from './git.schema';
import { connectGit } from './git-connections.service';
import { queueGitRefresh, runGitRefresh } from './git-refresh.service';
import { gitSyncJobData, queueGitSync, runGitSync } from './git-sync.service';

interface State {
  organisationId: string;
  clubAccountId: string;
  userId: string;
  occasionId: string;
  basisIds: string[];
  /** The GIT simulator's origin, which the runs' app must be allowed to call. */
  gitOrigin: string;
}

const [mode, databaseUrl, stateFile, fortnoxUrl, gitBaseUrl, gitClubId, gitApiKey] = process.argv.slice(2) as string[];

async function main() {
  const gitOrigin =
    mode === 'setup'
      ? new URL(gitBaseUrl as string).origin
      : (JSON.parse(readFileSync(stateFile as string, 'utf8')) as State).gitOrigin;
  // One secret across the restarts: the stored GIT key and accounting tokens are sealed with it.
  const t = await createTestApp({
    DATABASE_URL: databaseUrl as string,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'git-sync-crash-test-secret-0123456789abcdef',
    GIT_ALLOWED_ORIGINS: [gitOrigin],
  });
  const app = t.app;
  app.simulators.use('fortnox', { url: fortnoxUrl as string, close: async () => {} });
  if (mode === 'setup') {
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
    const state: State = {
      ...target,
      userId: org.owner.userId,
      occasionId: occasion.id,
      basisIds: bases.map((b) => b.id),
      gitOrigin,
    };
    writeFileSync(stateFile as string, JSON.stringify(state));
    await t.close();
    process.stdout.write('ready\n');
    return;
  }
  const state = JSON.parse(readFileSync(stateFile as string, 'utf8')) as State;
  const gitTarget = { organisationId: state.organisationId, clubAccountId: state.clubAccountId };
  const options = {
    occasionId: state.occasionId,
    basisIds: state.basisIds,
    trigger: 'manual' as const,
    caller: null,
    lang: 'en' as const,
  };
  // Asking again joins the run the killed process left queued or running.
  const runId = (await queueGitSync(app, gitTarget, options)) as string;
  await runGitSync(app, await gitSyncJobData(app, runId, options), {
    hooks: { step: (step) => void process.stdout.write(`step ${step}\n`) },
  });
  await t.close();
  process.stdout.write(`done ${runId}\n`);
}

// The accounting rate limiter waits on unref'd timers; this keeps the process alive meanwhile.
const keepAlive = setInterval(() => {}, 1_000);
main().then(
  () => {
    clearInterval(keepAlive);
    process.exit(0);
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
