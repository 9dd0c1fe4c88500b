import fp from 'fastify-plugin';
import { IN_MEMORY } from '../config';
import { SimulatorHost } from '../providers/accounting/simulator-host';

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-process accounting-program simulators (docs/decisions/simulators.md), started on first use. */
    simulators: SimulatorHost;
  }
}

export const simulatorsPlugin = fp(async (app) => {
  const host = new SimulatorHost(app.config.DATA_DIR === IN_MEMORY ? null : app.config.DATA_DIR);
  app.decorate('simulators', host);
  app.addHook('onClose', async () => host.close());
});
