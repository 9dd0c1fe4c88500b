import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { closeSendOutMail, receiptSendOutRuns } from './receipts.runs';

/** The receipts send-out: a run kind of the run engine (lib/runs; docs/receipts.md#send-outs). */
export const receiptsJobs: FastifyPluginAsyncZod = async (app) => {
  await app.runs.register(receiptSendOutRuns);
  app.addHook('onClose', async () => closeSendOutMail(app));
};
