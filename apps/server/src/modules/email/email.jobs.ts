import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Transporter } from 'nodemailer';
import { logEventQuietly } from '../eventlogs/eventlogs.service';
import { findDeliverySummary } from './email.repository';
import {
  createMailTransport,
  type DeliveryOutcome,
  deliverEmail,
  EMAIL_DELIVER_QUEUE,
  EMAIL_MAX_ATTEMPTS,
  redispatchQueuedEmails,
} from './email.service';

/**
 * The e-mail worker: delivers outbox rows through SMTP (`email.deliver`). Registered as a route
 * module so every process that builds the app (server, worker) gets it; it declares no routes.
 */
export const emailJobs: FastifyPluginAsyncZod = async (app) => {
  await app.jobs.createQueue(EMAIL_DELIVER_QUEUE, {
    retryLimit: EMAIL_MAX_ATTEMPTS - 1,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 5 * 60,
  });

  let transport: Transporter | undefined;
  const getTransport = () => {
    if (!app.config.SMTP_URL) return undefined;
    transport ??= createMailTransport(app.config.SMTP_URL);
    return transport;
  };

  await app.jobs.work<{ id: string }>(
    EMAIL_DELIVER_QUEUE,
    async (job) => {
      const { outcome, error } = await deliverEmail({ db: app.db, config: app.config, transport: getTransport() }, job.data.id);
      await logEmailDelivery(app, job.data.id, outcome, error);
      if (outcome === 'failed') {
        app.log.error({ emailId: job.data.id, err: error }, 'e-mail could not be delivered; giving up');
      } else if (outcome === 'retry' && error) {
        throw error;
      }
    },
    { pollingIntervalSeconds: 1 },
  );

  app.addHook('onReady', async () => {
    if (app.jobs.runWorkers) await redispatchQueuedEmails(app);
  });
  app.addHook('onClose', async () => {
    transport?.close();
  });
};

/**
 * The organisation's event log shows each final delivery outcome (docs/messages.md#e-mail); retries in between
 * are not events. Mail without an organisation (e.g. a password reset) is not logged.
 */
export async function logEmailDelivery(
  app: Pick<FastifyInstance, 'db' | 'log'>,
  id: string,
  outcome: DeliveryOutcome,
  error: Error | undefined,
) {
  if (outcome !== 'sent' && outcome !== 'failed') return;
  const row = await findDeliverySummary(app.db, id);
  if (!row?.organisationId) return;
  await logEventQuietly(app.db, app.log, {
    organisationId: row.organisationId,
    resource: 'email',
    activity: outcome === 'sent' ? 'eventlogs.emailSent' : 'eventlogs.emailFailed',
    params: { subject: row.subject, to: row.to, attempts: row.attempts },
    error: outcome === 'failed' ? (error?.message ?? null) : null,
    type: outcome === 'sent' ? 'SUCCESS' : 'ERROR',
  });
}
