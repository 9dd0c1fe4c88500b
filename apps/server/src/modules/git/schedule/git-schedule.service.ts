import type { GitReportKind } from '@fairway/shared';
import { AppError } from '../../../lib/errors';
import type { MirrorTarget } from '../../accounting/mirror/mirror';
import { getConfiguration } from '../../configurations/configurations.service';
import { latestEventOf } from '../../eventlogs/eventlogs.repository';
import { logEvent } from '../../eventlogs/eventlogs.service';
import { notify } from '../../notifications/notifications.service';
import { listConnectedGitTargets } from '../connection/git-connections.service';
import type { GitRunDeps } from '../git.deps';
import { queueGitRefresh } from '../refresh/git-refresh.service';
import { queueReportStatus, reportTargetOf } from '../report/git-report.service';
import { queueGitSync } from '../sync/git-sync.service';

/** What the schedule needs: what the refresh, the sync and the report it queues need. */
export type GitScheduleDeps = GitRunDeps;

export const GIT_AUTO_SYNC_QUEUE = 'git.auto-sync';

/** What the scheduled tick queued for one GIT club account. */
export interface AutoSyncQueued {
  gitTarget: MirrorTarget;
  targetClubAccountId: string;
  refreshRunId: string;
  syncRunId: string | null;
  reportRunId: string | null;
}

/**
 * The scheduled auto-sync (every 15 minutes): for each GIT club account whose connection works and
 * whose API configuration has `auto_sync` on (with `club_to_sync`, a club account of the same
 * organisation): a GIT refresh; then, with `auto_sync_git_to_accounting`, a sync of the unsynced
 * bases; then a report run: payments with `auto_mark_invoice_as_paid`, credits when
 * `credit_start_date` is set. The report run starts two minutes later (the refresh goes first,
 * so bases GIT already has as paid are skipped). A club account that cannot be served (GIT key
 * revoked meanwhile, the club account to sync to gone) is left out and logged; the others go on.
 */
export async function queueScheduledGitSyncs(app: GitScheduleDeps): Promise<AutoSyncQueued[]> {
  const queued: AutoSyncQueued[] = [];
  for (const gitTarget of await listConnectedGitTargets(app.db)) {
    const config = await getConfiguration(app.db, gitTarget, 'api');
    if (!config.auto_sync) continue;
    try {
      const target = await reportTargetOf(app, gitTarget, null, config);
      const refreshRunId = await queueGitRefresh(app, gitTarget, 'scheduled');
      // Only occasions on or after sync_start_date, not archived; refused (logged, the report still
      // goes) when an article has no mapping yet: someone has to map it on the GIT page first.
      let syncRunId: string | null = null;
      if (config.auto_sync_git_to_accounting) {
        syncRunId = await queueGitSync(app, gitTarget, {
          trigger: 'scheduled',
          caller: null,
          targetClubAccountId: target.clubAccountId,
          lang: 'sv',
        }).catch(async (error: unknown) => {
          app.log.warn({ err: error, clubAccountId: gitTarget.clubAccountId }, 'scheduled GIT sync not queued');
          if (error instanceof AppError && error.messageKey === 'gitSync.missingArticles') {
            await tellSyncWaitsForMappings(app, gitTarget, String(error.params?.codes ?? '')).catch((logError: unknown) =>
              app.log.error({ err: logError }, 'could not tell that the scheduled GIT sync waits for article mappings'),
            );
          }
          return null;
        });
      }
      const kinds: GitReportKind[] = [];
      if (config.auto_mark_invoice_as_paid) kinds.push('paid');
      if (config.credit_start_date) kinds.push('credited');
      const report =
        kinds.length > 0
          ? await queueReportStatus(app, gitTarget, { kinds, trigger: 'scheduled', caller: null, lang: 'sv' })
          : null;
      queued.push({
        gitTarget,
        targetClubAccountId: target.clubAccountId,
        refreshRunId,
        syncRunId,
        reportRunId: report?.id ?? null,
      });
    } catch (error) {
      app.log.warn({ err: error, clubAccountId: gitTarget.clubAccountId }, 'scheduled GIT auto-sync skipped for a club account');
    }
  }
  return queued;
}

const REFUSED_ACTIVITY = 'gitSync.event.scheduledRefused';
/** A refusal that repeats every 15 minutes is told again once a day, or at once when other articles are missing. */
const RETELL_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * The scheduled sync waits for article mappings, and only people can make them: an ERROR in the
 * event log and a notification to owners and managers, linking to the GIT page. Told once for the
 * same missing articles, not every tick.
 */
async function tellSyncWaitsForMappings(app: GitScheduleDeps, gitTarget: MirrorTarget, codes: string): Promise<void> {
  const last = await latestEventOf(app.db, gitTarget, REFUSED_ACTIVITY);
  if (last && last.params.codes === codes && Date.now() - last.createdAt.getTime() < RETELL_AFTER_MS) return;
  await app.db.transaction(async (tx) => {
    await logEvent(tx, {
      ...gitTarget,
      resource: 'git',
      activity: REFUSED_ACTIVITY,
      params: { codes },
      type: 'ERROR',
    });
    await notify(tx, {
      organisationId: gitTarget.organisationId,
      toRole: ['Owner', 'Manager'],
      subject: 'gitSync.notice.scheduledRefused.subject',
      message: 'gitSync.notice.scheduledRefused.message',
      params: { codes },
      link: '/dashboard/golfrelated/git',
    });
  });
}
