import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { Jobs } from '../lib/jobs';
import type { RunEngine } from '../lib/runs/run-engine';
import type { BlogPages } from '../modules/help/blog-pages';

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
    /** The run engine of long-running jobs (lib/runs). */
    runs: RunEngine;
    /** Blog posts' pages rendered on the server (modules/help/blog-pages.ts). */
    blogPages: BlogPages;
  }
}
