import type { FastifyInstance } from 'fastify';

// What the GIT services need from the server, each sub-feature naming its own (e.g.
// `GitReportDeps` in report/git-report.service.ts) from these. Routes and jobs pass the app, which
// has them all; a test or a script can pass just these.

/** Reading and writing the portal's copy of GIT, with event-log lines: the database and the log. */
export type GitDeps = Pick<FastifyInstance, 'db' | 'log'>;

/** Talking to GIT with a club's key: the key box and allowed origins (config), and the demo's simulator. */
export type GitClientDeps = GitDeps & Pick<FastifyInstance, 'config' | 'simulators'>;

/**
 * Queueing runs on the run engine (lib/runs) that talk to GIT; `database` tells which database it
 * is, for the upkeep PGlite needs after bulk writes (db/maintenance.ts).
 */
export type GitRunDeps = GitClientDeps & Pick<FastifyInstance, 'runs' | 'database'>;
