/**
 * The sending process of the send-out benchmarks (bench/sendout-email.ts, bench/sendout-sms.ts):
 * a separate process, so the benchmark can sample its memory and kill it with SIGKILL at any
 * moment (as apps/server/test/crash/sendout.crash-child.ts does for the kill test).
 *
 *   sendout-worker.ts setup <database> <stateFile> <smtpUrl|-> <members> <channel> <perMinute>
 *   sendout-worker.ts work  <database> <stateFile> <smtpUrl|->
 *
 * <database> is a PostgreSQL URL or a folder for an on-disk PGlite. `setup` makes a club with
 * <members> members (Swedish names, golf IDs, member numbers, categories), an e-mail template
 * that names every member field (or an SMS text), the club's e-mail rate, and a send-out to all
 * members, started the way a person starts it (workers off: its run waits in the queue). `work`
 * is the server process: workers on; when the run has finished it writes every recipient's
 * address and status to <stateFile>.result.json and prints `done <status> <json figures>`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { saveConfiguration } from '../../apps/server/src/modules/configurations/configurations.service';
import { createEmailTemplate } from '../../apps/server/src/modules/member-care/email-templates.service';
import { memberCareSendoutRecipients, memberCareSendouts } from '../../apps/server/src/modules/member-care/member-care.tables';
import { sendoutStarter } from '../../apps/server/src/modules/member-care/sendouts.runs';
import { createSendout, sendSendoutNow } from '../../apps/server/src/modules/member-care/sendouts.service';
import { memberCategories, members } from '../../apps/server/src/modules/members/members.tables';
import { runCrashChild, waitForRunEnd } from '../../apps/server/test/crash/child';
import { createOrganisation } from '../../apps/server/test/fixtures/users';
import { createTestApp } from '../../apps/server/test/test-app';
import { createRandom } from './invoice-data';
import { MEMBER_CATEGORIES, makeMembers } from './member-data';

const [mode, database, stateFile, smtpUrl, count, channel, perMinute] = process.argv.slice(2) as string[];

/** Å, Ä, Ö and the like out of the address's local part (SMTP without SMTPUTF8). */
const ascii = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

export interface WorkerState {
  sendoutId: string;
  /** Per address: what the member's own e-mail must carry (the subject). */
  expected: Record<string, string>;
}

export interface WorkerResult {
  status: string;
  recipients: { address: string; status: string; reason: string | null }[];
  /** The run's own start and end (the send-out row), epoch ms. */
  startedAt: number | null;
  finishedAt: number | null;
  /** This process: peak resident set (kB, the kernel's maximum) and when the app was ready. */
  maxRssKb: number;
  readyAt: number;
  /** This process's CPU time (user + system, ms) from when the app was ready to the run's end. */
  cpuMs: number;
}

const SUBJECT = 'Hej {{firstname}}, säsongen börjar – {{clubName}}';

async function main() {
  const work = mode === 'work';
  const pg = /^postgres(ql)?:/.test(database as string);
  const t = await createTestApp({
    ...(pg ? { DATABASE_URL: database } : { DATA_DIR: database }),
    ...(smtpUrl && smtpUrl !== '-' ? { SMTP_URL: smtpUrl } : {}),
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'sendout-bench-secret-0123456789abcdef012345',
    RUN_WORKERS: work,
    // A killed worker's run is found dead after 2 s without a heartbeat (90 s in production).
    RUN_STALE_SECONDS: 2,
  });
  const app = t.app;
  const readyAt = Date.now();
  const cpuAtReady = process.cpuUsage();
  if (mode === 'setup') {
    const org = await createOrganisation(app, { name: 'Benchklubbens GK' });
    const tenant = { organisationId: org.organisationId, clubAccountId: org.clubAccountId };
    const actor = { userId: org.owner.userId, ...tenant };
    const categories = await app.db
      .insert(memberCategories)
      .values(MEMBER_CATEGORIES.map((c) => ({ ...tenant, name: c.name, code: c.code, junior: c.junior })))
      .returning({ id: memberCategories.id });
    const rows = makeMembers(createRandom(19), Number(count), new Date().getUTCFullYear()).map(({ category, ...m }, i) => ({
      ...tenant,
      ...m,
      email: ascii(m.email),
      // Every member gets the send-out: the SMS benchmark's numbers are unique too.
      phoneMobile: `+4670${String(1_000_000 + i).padStart(7, '0')}`,
      active: true,
      memberCategoryId: categories[category]?.id ?? null,
      source: 'git' as const,
    }));
    for (let i = 0; i < rows.length; i += 1000) await app.db.insert(members).values(rows.slice(i, i + 1000));
    const expected: Record<string, string> = {};
    let sendoutId: string;
    if (channel === 'email') {
      const email = await import('../../apps/server/src/modules/configurations/configurations.service').then((c) =>
        c.getConfiguration(app.db, tenant, 'email'),
      );
      await saveConfiguration(app.db, tenant, { userId: org.owner.userId, reach: null } as never, 'email', {
        ...email,
        sendoutEmailsPerMinute: Number(perMinute),
      });
      const template = await createEmailTemplate(app.db, actor, {
        title: 'Säsongsstart',
        subject: SUBJECT,
        lang: 'sv',
        design: {
          version: 1,
          settings: { preheader: 'Allt om säsongen, {{firstname}}' },
          blocks: [
            { type: 'heading', id: 'h', text: 'Hej {{fullName}}!', level: 1, align: 'left' },
            {
              type: 'text',
              id: 't',
              html:
                '<p>Välkommen till en ny säsong på {{clubName}}. Ditt golf-ID är <strong>{{golfId}}</strong> och ' +
                'ditt medlemsnummer {{memberNumber}} ({{memberCategory}}).</p><p>Ditt öppna saldo: {{openBalance}}. ' +
                'Vi skickar till {{email}}.</p>',
              align: 'left',
            },
            {
              type: 'button',
              id: 'b',
              label: 'Boka tid, {{firstname}}',
              href: 'https://example.se/boka',
              colour: null,
              align: 'center',
            },
            { type: 'divider', id: 'd', colour: null, thickness: 1 },
            {
              type: 'columns',
              id: 'c',
              split: '50-50',
              left: [{ type: 'text', id: 'l', html: '<p>Banan öppnar 15 april.</p>', align: 'left' }],
              right: [{ type: 'text', id: 'r', html: '<p>Shopen har nya klubbor.</p>', align: 'left' }],
            },
          ],
        } as never,
      });
      const sendout = await createSendout(app.db, actor, {
        channel: 'email',
        title: 'Säsongsstart',
        templateId: template.id,
        subject: '',
        selection: { juniorsReachPayer: false },
      });
      sendoutId = sendout.id;
      for (const m of rows)
        expected[m.email] = SUBJECT.replace('{{firstname}}', m.firstname).replace('{{clubName}}', 'Benchklubbens GK');
    } else {
      const sendout = await createSendout(app.db, actor, {
        channel: 'sms',
        title: 'Banan öppnar',
        sender: 'Benchklubb',
        message: 'Banan öppnar på lördag kl 07. Välkommen ut! Boka på https://example.se/boka – hälsningar från kansliet.',
        selection: { juniorsReachPayer: false },
      } as never);
      sendoutId = sendout.id;
    }
    await sendSendoutNow(app.db, actor, sendoutId, sendoutStarter(app));
    writeFileSync(stateFile as string, JSON.stringify({ sendoutId, expected } satisfies WorkerState));
  } else if (work) {
    const { sendoutId } = JSON.parse(readFileSync(stateFile as string, 'utf8')) as WorkerState;
    // The figures first, then `done` (what the benchmark waits for).
    await waitForRunEnd(async () => {
      const [row] = await app.db.select().from(memberCareSendouts).where(eq(memberCareSendouts.id, sendoutId));
      if (!row || !['succeeded', 'failed', 'cancelled'].includes(row.status)) return row?.status;
      const recipients = await app.db
        .select({
          address: memberCareSendoutRecipients.address,
          status: memberCareSendoutRecipients.status,
          reason: memberCareSendoutRecipients.reason,
        })
        .from(memberCareSendoutRecipients)
        .where(eq(memberCareSendoutRecipients.sendoutId, sendoutId));
      const result: WorkerResult = {
        status: row.status,
        recipients,
        startedAt: row.startedAt?.getTime() ?? null,
        finishedAt: row.finishedAt?.getTime() ?? null,
        maxRssKb: process.resourceUsage().maxRSS,
        readyAt,
        cpuMs: (() => {
          const used = process.cpuUsage(cpuAtReady);
          return (used.user + used.system) / 1000;
        })(),
      };
      writeFileSync(`${stateFile}.result.json`, JSON.stringify(result));
      return row.status;
    }, 50);
  } else {
    throw new Error(`unknown mode ${mode}`);
  }
  await t.close();
}

runCrashChild(main);
