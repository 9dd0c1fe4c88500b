/**
 * Benchmark: an SMS send-out to 10,000 members through the 46elks simulator (docs/member-care.md#sms):
 * the send-out's own run (`runSendout`, what the pg-boss job does) with the app listening for the
 * delivery reports. Counted on the simulator's side: requests, SMS per number (duplicates), parts,
 * and the month's SMS usage against them. See bench/README.md.
 *
 *   npm run bench:sendout-sms -- [--recipients 10000] [--db pglite|postgres]
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { countSms } from '@fairway/shared';
import { and, eq } from 'drizzle-orm';
import { memberCareSendoutRecipients } from '../apps/server/src/modules/member-care/member-care.tables';
import { runSendout, sendoutStarter } from '../apps/server/src/modules/member-care/sendouts.runs';
import { createSendout, sendSendoutNow } from '../apps/server/src/modules/member-care/sendouts.service';
import { members } from '../apps/server/src/modules/members/members.tables';
import { smsPlans, subscriptions, subscriptionUsage } from '../apps/server/src/modules/subscriptions/subscriptions.tables';
import { ELKS_SIM_DEMO_ACCOUNT, startElksSimulator } from '../apps/server/src/providers/46elks/simulator/index';
import { createOrganisation } from '../apps/server/test/fixtures/users';
import { freePort } from '../apps/server/test/product-process';
import { createTestApp, createTestDatabase, type TestDatabase } from '../apps/server/test/test-app';
import { createRandom } from './lib/invoice-data';
import { makeMembers } from './lib/member-data';
import { markdownTable } from './lib/stats';

const { values: args } = parseArgs({
  options: {
    recipients: { type: 'string', default: '10000' },
    db: { type: 'string', default: 'pglite' },
    'pg-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});

const N = Number(args.recipients);
/** 170 characters with å, ä, ö (GSM 7-bit): two segments of 153. */
const MESSAGE = `Hej! Banan öppnar på lördag kl 07 och vi hälsar alla välkomna åter. ${'Boka tid i Min Golf. '.repeat(6)}`.slice(
  0,
  170,
);
/** A plan made for the benchmark: the largest real one (SMS 2500) holds a quarter of one send-out. */
const BENCH_PLAN = { id: 'bench-sms-50000', name: 'Bench SMS 50000', smsPerMonth: 50_000, monthlyPriceOre: 0, sortOrder: 99 };

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main() {
  if (!Number.isInteger(N) || N < 1) throw new Error('--recipients must be a positive whole number');
  let testDb: TestDatabase | undefined;
  if (args.db === 'postgres') testDb = await createTestDatabase(args['pg-url'], { migrated: true });
  const port = await freePort();
  const t = await createTestApp({
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'silent',
    ...(testDb ? { DATABASE_URL: testDb.url } : {}),
  });
  const app = t.app;
  await app.listen({ port, host: '127.0.0.1' });
  // 46elks' own pace: created at once, `sent` after 200 ms and `delivered` 600 ms later, each reported.
  const sim = await startElksSimulator({ accounts: [ELKS_SIM_DEMO_ACCOUNT] });
  app.simulators.use('46elks', { url: sim.url, close: async () => {} });
  try {
    const segments = countSms(MESSAGE).segments;
    console.log(
      `SMS send-out: ${N} recipients × ${segments} segments → 46elks simulator, database ${args.db}; ` +
        `${cpus().length} cores, load average ${load()} at start`,
    );
    const setupStarted = performance.now();
    const org = await createOrganisation(app, { name: 'Benchklubbens GK' });
    const tenant = { organisationId: org.organisationId, clubAccountId: org.clubAccountId };
    await app.db.insert(smsPlans).values(BENCH_PLAN).onConflictDoNothing();
    await app.db
      .update(subscriptions)
      .set({ smsPlanId: BENCH_PLAN.id })
      .where(eq(subscriptions.organisationId, org.organisationId));
    const rows = makeMembers(createRandom(23), N, new Date().getUTCFullYear()).map(({ category: _, ...m }, i) => ({
      ...tenant,
      ...m,
      active: true,
      // Written as people write them; the send-out sends E.164.
      phoneMobile: `070-${String(10_000_000 + i).slice(1, 4)} ${String(10_000_000 + i).slice(4)}`,
      source: 'git' as const,
    }));
    for (let i = 0; i < rows.length; i += 1000) await app.db.insert(members).values(rows.slice(i, i + 1000));
    const actor = { userId: org.owner.userId, ...tenant };
    const sendout = await createSendout(app.db, actor, {
      channel: 'sms',
      title: 'Banan öppnar',
      sender: 'Benchklubb',
      message: MESSAGE,
      selection: { juniorsReachPayer: false },
    } as never);
    await sendSendoutNow(app.db, actor, sendout.id, sendoutStarter(app));
    console.log(`setup: ${secs(performance.now() - setupStarted)} (club, ${N} members, plan ${BENCH_PLAN.smsPerMonth} SMS)`);

    // ---- the timed run ------------------------------------------------------------------------------
    const logFrom = sim.log.length;
    const started = performance.now();
    const outcome = await runSendout(app, sendout.id);
    const runMs = performance.now() - started;
    await sim.settled();
    const settledMs = performance.now() - started;

    // ---- figures --------------------------------------------------------------------------------------
    const log = sim.log.slice(logFrom);
    const byNumber = new Map<string, number>();
    for (const m of sim.messages) byNumber.set(m.to, (byNumber.get(m.to) ?? 0) + 1);
    const duplicates = [...byNumber.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0);
    const parts = sim.messages.reduce((sum, m) => sum + m.parts, 0);
    const recipients = await app.db
      .select({ address: memberCareSendoutRecipients.address, status: memberCareSendoutRecipients.status })
      .from(memberCareSendoutRecipients)
      .where(eq(memberCareSendoutRecipients.sendoutId, sendout.id));
    const missing = recipients.filter((r) => !byNumber.has(r.address)).length;
    const byStatus = new Map<string, number>();
    for (const r of recipients) byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
    const [usage] = await app.db
      .select({ sms: subscriptionUsage.sms })
      .from(subscriptionUsage)
      .where(and(eq(subscriptionUsage.organisationId, org.organisationId)));
    const sends = log.filter((l) => l.method === 'POST' && l.path.endsWith('/sms')).length;
    console.log(
      `\n${markdownTable(
        ['figure', 'value'],
        [
          ['run', outcome],
          ['recipients (ledger) / members', `${recipients.length} / ${N}`],
          ['statuses (after the delivery reports)', [...byStatus].map(([k, v]) => `${k} ${v}`).join(', ')],
          ['run wall time (all handed over)', `**${secs(runMs)}** (${(N / (runMs / 1000)).toFixed(0)} SMS/s)`],
          ['until every delivery report was taken', secs(settledMs)],
          ['requests to 46elks (POST /sms / all)', `${sends} / ${log.length}`],
          ['SMS at the simulator / duplicates / missing', `${sim.messages.length} / ${duplicates} / ${missing}`],
          ['segments: simulator parts / counted against the plan / expected', `${parts} / ${usage?.sms ?? 0} / ${N * segments}`],
          ['delivery reports sent by the simulator', String(sim.reports.length)],
          ['load average at end', load()],
        ],
      )}`,
    );
  } finally {
    await t.close();
    await sim.close();
    await testDb?.drop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
