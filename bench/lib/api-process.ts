/**
 * One more API server on the benchmark's PostgreSQL database, in a process of its own: the list
 * benchmarks' `--processes N` (bench/README.md#invoice-list) start N − 1 of them beside the one
 * that seeded, as a deployment with N API processes behind a balancer has, and the load generator
 * sends request i to server i mod N. Workers off, like the benchmark's own server.
 */
import { createTestApp } from '../../apps/server/test/test-app';

export interface ApiProcessStart {
  databaseUrl: string;
  /** The first server's secret, so the benchmark user's token is good on every process. */
  jwtSecret: string;
}

if (process.send) {
  let close: (() => Promise<void>) | undefined;
  process.on('message', (message: ApiProcessStart | 'exit') => {
    if (message === 'exit') {
      void (close?.() ?? Promise.resolve()).finally(() => process.exit(0));
      return;
    }
    void (async () => {
      const t = await createTestApp({ DATABASE_URL: message.databaseUrl, JWT_SECRET: message.jwtSecret });
      close = () => t.close();
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const address = t.app.server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      process.send?.({ port: address.port });
    })().catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  });
}
