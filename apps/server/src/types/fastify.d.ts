import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { Jobs } from '../lib/jobs';

declare module 'fastify' {
  interface FastifyInstance {
    /** The parsed configuration the app was built with. */
    config: Config;
    /** Drizzle over PGlite or PostgreSQL (`Db` in db/client.ts). */
    db: Db;
    /** The driver-level handle: raw SQL, driver name, close. */
    database: Database;
    /** Background jobs (pg-boss). */
    jobs: Jobs;
  }
}
