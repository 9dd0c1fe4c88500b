import type { Integration, IntegrationRequest, IntegrationStatus, Integrations, RequestIntegrationBody } from '@fairway/shared';
import { ACCOUNTING_PROGRAM_NAMES } from '@fairway/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import { addressOf } from '../../lib/mailbox';
import type { AuthContext } from '../../plugins/auth';
import { accountingIntegration } from '../accounting/status';
import { dispatchEmails, queueEmail } from '../email/email.service';
import { BRAND_NAME } from '../email/email.templates';
import { findGitConnection, gitConnectionTarget } from '../git/connection/git-connections.service';
import { requesterContextOf } from '../organizations/organizations.repository';
import { clubAccounts, organisations } from '../organizations/organizations.tables';
import { findSubscription, smsPlanNameOf } from '../subscriptions/subscriptions.repository';
import { integrationRequests } from './integrations.tables';

type Caller = Pick<AuthContext, 'userId' | 'organisationId' | 'clubAccountId'>;

async function loadClubAccount(db: Db, caller: Caller) {
  if (!caller.clubAccountId) return null;
  const [row] = await db
    .select({ id: clubAccounts.id, name: clubAccounts.name, accountingProgram: clubAccounts.accountingProgram })
    .from(clubAccounts)
    .where(and(eq(clubAccounts.id, caller.clubAccountId), eq(clubAccounts.organisationId, caller.organisationId)));
  return row ?? null;
}

type App = Pick<FastifyInstance, 'db' | 'config' | 'simulators'>;

/** The GIT card: connected, or a key GIT revoked (a reconnect is needed), or none; and what it reaches. */
async function gitIntegration(app: App, caller: Caller): Promise<Integration> {
  const connection = caller.clubAccountId
    ? await findGitConnection(app.db, { organisationId: caller.organisationId, clubAccountId: caller.clubAccountId })
    : null;
  const status: IntegrationStatus = !connection
    ? 'not_connected'
    : connection.status === 'connected'
      ? 'connected'
      : 'reconnect_needed';
  return { system: 'git', provider: 'git', status, target: await gitConnectionTarget(app, connection) };
}

/**
 * GET integrations: each system of the club account in use, whether it is usable and what it
 * reaches. A Dubbelkoll subscription (a tier, docs/brands.md#dubbelkoll) has no GIT or SMS: its
 * company links only its accounting program.
 */
export async function listIntegrations(app: App, caller: Caller): Promise<Integrations> {
  const { db } = app;
  const [clubAccount, [organisation], smsPlan, subscription] = await Promise.all([
    loadClubAccount(db, caller),
    db
      .select({ accountingProgram: organisations.accountingProgram })
      .from(organisations)
      .where(eq(organisations.id, caller.organisationId)),
    smsPlanNameOf(db, caller.organisationId),
    findSubscription(db, { organisationId: caller.organisationId }),
  ]);
  if (!organisation) throw new NotFoundError();
  const golf = !subscription?.duplicateTierId;
  const integrations: Integration[] = [
    await accountingIntegration(app, caller, clubAccount?.accountingProgram ?? organisation.accountingProgram),
    ...(golf
      ? [
          await gitIntegration(app, caller),
          { system: 'sms', provider: smsPlan, status: smsPlan !== null ? 'connected' : 'no_plan', target: null } as const,
        ]
      : []),
    { system: 'email', provider: 'smtp', status: app.config.SMTP_URL ? 'connected' : 'outbox_only', target: null },
  ];
  return { clubAccount: clubAccount ? { id: clubAccount.id, name: clubAccount.name } : null, integrations };
}

const SYSTEM_NAMES: Record<string, string> = {
  ...ACCOUNTING_PROGRAM_NAMES,
  git: 'GIT',
  sms: 'SMS',
  other: 'Annat system / other system',
};

/**
 * POST request_integration/: stores the request and e-mails our support (the portal's own
 * address), who answer within 48 hours. The e-mail is queued in the same transaction and sent
 * after the commit.
 */
export async function requestIntegration(
  app: FastifyInstance,
  caller: Caller,
  body: RequestIntegrationBody,
): Promise<IntegrationRequest> {
  const { row, emailId } = await app.db.transaction(async (tx) => {
    const context = await requesterContextOf(tx, caller);
    if (!context) throw new NotFoundError();
    const [inserted] = await tx
      .insert(integrationRequests)
      .values({
        organisationId: caller.organisationId,
        clubAccountId: caller.clubAccountId,
        userId: caller.userId,
        system: body.system,
        message: body.message,
      })
      .returning();
    if (!inserted) throw new Error('integration_requests insert returned no row');
    const id = await queueEmail(tx, {
      to: addressOf(app.config.MAIL_FROM),
      template: 'integration_request',
      // Our support team reads Swedish.
      lang: 'sv',
      organisationId: caller.organisationId,
      params: {
        ...context,
        name: `${BRAND_NAME} support`,
        clubAccountName: context.clubAccountName ?? '–',
        system: SYSTEM_NAMES[body.system] ?? body.system,
        message: body.message,
      },
      meta: { integrationRequestId: inserted.id },
    });
    return { row: inserted, emailId: id };
  });
  await dispatchEmails(app, [emailId]);
  return {
    id: row.id,
    system: row.system as IntegrationRequest['system'],
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  };
}
