import type { App } from './app';
import type { Database } from './db/client';
import { DataDirInUseError } from './db/data-dir-lock';
import { DataFolderVersionError, type PgliteThread, startPgliteThread } from './db/pglite-thread';
import { memoryBreakdown } from './lib/memory';
import { closeOnSignals, guardProcess } from './lib/shutdown';
import { applyV8FlagsAfterStart, loadConfigOrExit } from './lib/startup';

/** "Empty" means nobody can log in yet: a fresh install, not one whose demo users were removed. */
async function hasNoUsers(app: App): Promise<boolean> {
  const { rows } = await app.database.executeSql(
    "select to_regclass('public.users') is null or not exists (select 1 from users) as empty",
  );
  return rows[0]?.empty === true;
}

type LoginRow = Record<'role' | 'email' | 'password', string>;

function printLogins(logins: readonly LoginRow[]): void {
  const header: LoginRow = { role: 'Role', email: 'E-mail', password: 'Password' };
  const rows: LoginRow[] = [header, ...logins];
  const width = (key: keyof LoginRow) => Math.max(...rows.map((row) => row[key].length));
  const widths = { role: width('role'), email: width('email'), password: width('password') };
  const line = (row: LoginRow) =>
    `  ${row.role.padEnd(widths.role)}  ${row.email.padEnd(widths.email)}  ${row.password.padEnd(widths.password)}`;
  const rule = `  ${'-'.repeat(widths.role)}  ${'-'.repeat(widths.email)}  ${'-'.repeat(widths.password)}`;
  console.log(['', 'Demo logins:', line(header), rule, ...logins.map(line), ''].join('\n'));
}

/** Seconds since this process began, at each step of the start (logged at `debug`). */
const phases: Record<string, number> = {};
const mark = (phase: string) => {
  phases[phase] = Math.round(process.uptime() * 1000) / 1000;
  if (process.env.EXP_CPU) {
    const c = process.cpuUsage();
    phases[`${phase} cpu`] = Math.round((c.user + c.system) / 1000) / 1000;
  }
};

const onDatabaseError = (error: Error) => console.error('database pool error:', error.message);

/**
 * Opens the database and loads the rest of the server at the same time: PGlite's thread, started
 * before anything else (most of a restart's wait), starts PostgreSQL while this thread reads the
 * server's other modules, the database client among them, which main.ts therefore imports only
 * here (docs/operations.md#start).
 */
async function openAndLoad(config: ReturnType<typeof loadConfigOrExit>, thread: Promise<PgliteThread> | undefined) {
  const opening = import('./db/client').then(({ createDatabase }) =>
    createDatabase(config, { onError: onDatabaseError, ...(thread ? { thread } : {}) }),
  );
  let database: Database | undefined;
  try {
    const [app, seed] = await Promise.all([
      import('./app').then((m) => {
        mark('app module loaded');
        return m;
      }),
      import('./db/seed/index'),
      opening.then((opened) => {
        mark('database open');
        database = opened;
      }),
    ]);
    return { buildApp: app.buildApp, seed, database: database as Database };
  } catch (error) {
    // Whichever failed, the other may have opened: a PGlite folder is closed cleanly.
    const opened = database ?? (await opening.catch(() => undefined));
    if (opened) await opened.close();
    else await (await thread?.catch(() => undefined))?.close();
    throw error;
  }
}

/** What `kill -USR2 <pid>` does; until the app is built, it says so (the signal's default would end the process). */
let onMemorySignal = () => console.log('memory breakdown: the server is still starting');

async function main(): Promise<void> {
  // `kill -USR2 <pid>` logs where the process's memory is (docs/operations.md#memory).
  process.on('SIGUSR2', () => onMemorySignal());
  mark('begun');
  const config = loadConfigOrExit();
  const thread = config.DATABASE_URL
    ? undefined
    : startPgliteThread(config.DATA_DIR, { sharedBuffers: config.PGLITE_SHARED_BUFFERS, onError: onDatabaseError });
  // Awaited in openAndLoad; a failure meanwhile is not an unhandled rejection.
  thread?.catch(() => undefined);
  const { buildApp, seed, database } = await openAndLoad(config, thread);
  mark('opened and loaded');
  const { connectDemoAccounts, DEMO_PLATFORM_ADMIN, seedDemo, seedDemoPlatformAdmin, seedHelpContent, seedReferenceData } = seed;
  const app = await buildApp(config, { database, phase: mark });
  mark('app built');
  guardProcess(app.log, () => app.close());
  closeOnSignals(
    () => app.close(),
    (message) => app.log.info(message),
  );
  onMemorySignal = () => {
    memoryBreakdown(app.database, app.simulators.runningIds()).then(
      (memory) => app.log.info({ memory }, 'memory breakdown (MiB)'),
      (error: unknown) => app.log.warn({ err: error }, 'memory breakdown failed'),
    );
  };

  // Packages and golf clubs are reference data that registration needs, demo or not.
  await seedReferenceData(app.db);
  // The blog, FAQ and video guides the public pages and the help centre show, demo or not.
  await seedHelpContent(app.db);
  mark('reference data checked');
  if (config.SEED_DEMO && (await hasNoUsers(app))) {
    app.log.info('empty database: seeding the demo organisation');
    const logins = await seedDemo(app, config.BRAND);
    // The portal company's own editor of the blog, FAQ and video guides.
    await seedDemoPlatformAdmin(app.db);
    printLogins([...logins, DEMO_PLATFORM_ADMIN]);
    // The accounting simulators: a failure here leaves the demo usable, only without data.
    await connectDemoAccounts(app).catch((error: unknown) =>
      app.log.error({ err: error }, 'could not connect the demo club accounts'),
    );
  }

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    // Close the database cleanly (PGlite writes its files on close) before giving up.
    await app.close();
    throw error;
  }
  mark('listening');
  applyV8FlagsAfterStart();
  app.log.debug({ phases }, 'start phases (seconds since the process began)');
  // Seconds since this process began (the build check of `npm start` included, npm's own start not).
  const started = process.uptime().toFixed(1);
  console.log(
    `\n${config.BRAND === 'dubbelkoll' ? 'Dubbelkoll' : 'Fairway'} is running at ${config.PUBLIC_URL} (started in ${started} s)\n`,
  );
}

main().catch((error: unknown) => {
  // A folder in use is the operator's to resolve, not a fault: the message says what to do.
  if (error instanceof DataDirInUseError || error instanceof DataFolderVersionError)
    console.error(`Fairway failed to start: ${error.message}`);
  else console.error('Fairway failed to start:', error);
  process.exit(1);
});
