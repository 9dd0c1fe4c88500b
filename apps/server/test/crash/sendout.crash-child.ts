/**
 * A separate process for the send-out kill test (apps/server/src/modules/member-care/sendouts.kill.test.ts):
 * it works on the PostgreSQL database the test made for it and hands mail to the test's SMTP
 * server, so the test can kill it with SIGKILL at any moment and start it again.
 *
 *   sendout.crash-child.ts setup <databaseUrl> <stateFile> <smtpUrl> <members>
 *   sendout.crash-child.ts work <databaseUrl> <stateFile> <smtpUrl>
 *
 * `setup` makes a club with members, a template and a send-out to them, and sends it the way a
 * person does (workers off, so its run waits in the queue). `work` is the server process: workers
 * on; it prints `done <status>` and exits once the send-out's run has finished.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { createEmailTemplate } from '../../src/modules/member-care/email-templates.service';
import { memberCareSendouts } from '../../src/modules/member-care/member-care.tables';
import { sendoutStarter } from '../../src/modules/member-care/sendouts.runs';
import { createSendout, sendSendoutNow } from '../../src/modules/member-care/sendouts.service';
import { members } from '../../src/modules/members/members.tables';
import { createOrganisation } from '../fixtures/users';
import { createTestApp } from '../test-app';
import { runCrashChild, waitForRunEnd } from './child';

const [mode, databaseUrl, stateFile, smtpUrl, count] = process.argv.slice(2) as string[];

async function main() {
  const work = mode === 'work';
  const t = await createTestApp({
    DATABASE_URL: databaseUrl as string,
    SMTP_URL: smtpUrl as string,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'sendout-kill-test-secret-0123456789abcdef',
    RUN_WORKERS: work,
    // A killed worker's run is found dead after 2 s without a heartbeat (90 s in production).
    RUN_STALE_SECONDS: 2,
  });
  const app = t.app;
  if (mode === 'setup') {
    const org = await createOrganisation(app, { name: 'Utskick GK' });
    const n = Number(count);
    await app.db.insert(members).values(
      Array.from({ length: n }, (_, i) => ({
        organisationId: org.organisationId,
        clubAccountId: org.clubAccountId,
        firstname: `Medlem${i}`,
        lastname: 'Åström',
        email: `medlem${i}@example.se`,
      })),
    );
    const actor = { userId: org.owner.userId, organisationId: org.organisationId, clubAccountId: org.clubAccountId };
    const template = await createEmailTemplate(app.db, actor, {
      title: 'Nyhetsbrev',
      subject: 'Hej {{firstname}}',
      lang: 'sv',
      design: {
        version: 1,
        settings: {},
        blocks: [{ type: 'text', id: 't', html: '<p>Hej {{firstname}}!</p>', align: 'left' }],
      } as never,
    });
    const sendout = await createSendout(app.db, actor, {
      channel: 'email',
      title: 'Nyhetsbrev',
      templateId: template.id,
      subject: '',
      selection: { juniorsReachPayer: false },
    });
    await sendSendoutNow(app.db, actor, sendout.id, sendoutStarter(app));
    writeFileSync(stateFile as string, JSON.stringify({ sendoutId: sendout.id }));
  } else if (work) {
    const { sendoutId } = JSON.parse(readFileSync(stateFile as string, 'utf8')) as { sendoutId: string };
    await waitForRunEnd(async () => {
      const [row] = await app.db
        .select({ status: memberCareSendouts.status })
        .from(memberCareSendouts)
        .where(eq(memberCareSendouts.id, sendoutId));
      return row?.status;
    });
  } else {
    throw new Error(`unknown mode ${mode}`);
  }
  await t.close();
}

runCrashChild(main);
