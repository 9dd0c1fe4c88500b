import type { SendoutDetail } from '@fairway/shared';
import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganisation, type TestOrganisation } from '../../../test/fixtures/users';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { App } from '../../app';
import { members } from '../members/members.tables';
import { runSendout, type SendoutClock } from './sendouts.runs';

/**
 * The club account's sending rate (`sendoutEmailsPerMinute`): a send-out hands the mail server no
 * more than that many e-mails in any minute. The run's clock is a virtual one that moves only when
 * the run sleeps on it, so no real minute passes.
 */

let t: TestApp;
let app: App;
let a: TestOrganisation;
const N = 8;
const RATE = 3;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  a = await createOrganisation(app, { name: 'Alfa GK' });
  await app.db.insert(members).values(
    Array.from({ length: N }, (_, i) => ({
      organisationId: a.organisationId,
      clubAccountId: a.clubAccountId,
      firstname: `Medlem${i}`,
      lastname: 'Åberg',
      email: `medlem${i}@example.se`,
    })),
  );
});

afterAll(async () => {
  await t?.close();
});

/** A clock at `start` that moves only when slept on (by exactly the time asked). */
function virtualClock(start = 1_800_000_000_000): SendoutClock & { slept: number[] } {
  let now = start;
  const slept: number[] = [];
  return {
    slept,
    now: () => now,
    async sleep(ms) {
      slept.push(ms);
      now += ms;
    },
  };
}

describe('the sending rate of a club account', () => {
  it(`hands over no more than ${RATE} e-mails in any minute window (${N} e-mails, virtual clock)`, async () => {
    const api = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) =>
      app.inject({ method, url: `/api/v1${url}`, headers: a.owner.headers, ...(payload ? { payload } : {}) });
    const config = await api('PUT', '/configurations/email', {
      senderName: 'Alfa GK',
      replyTo: '',
      signature: '',
      receiptSubject: 'Kvitto',
      receiptBody: 'Tack!',
      sendoutEmailsPerMinute: RATE,
    });
    expect(config.statusCode, config.body).toBe(200);
    const template = await api('POST', '/member_care/templates', {
      title: 'Brev',
      subject: 'Hej {{firstname}}',
      lang: 'sv',
      design: { blocks: [{ type: 'text', id: 't1', html: '<p>Hej {{firstname}}!</p>' }] },
    });
    expect(template.statusCode, template.body).toBe(201);
    const created = await api('POST', '/member_care/sendouts', {
      channel: 'email',
      title: 'Brev',
      templateId: template.json().data.id,
      selection: {},
    });
    const id = created.json().data.id as string;
    expect((await api('POST', `/member_care/sendouts/${id}/send`)).statusCode).toBe(200);

    // Each hand-over's time on the run's clock, taken by the transport as it is given the message.
    const clock = virtualClock();
    const handedAt: number[] = [];
    const transport = createTransport({ jsonTransport: true });
    const sendMail = transport.sendMail.bind(transport);
    transport.sendMail = ((message: Parameters<typeof sendMail>[0]) => {
      handedAt.push(clock.now());
      return sendMail(message);
    }) as typeof transport.sendMail;

    const began = Date.now();
    expect(await runSendout(app, id, { clock, mail: { config: app.config, transport } })).toBe('succeeded');
    // No real minute was waited for.
    expect(Date.now() - began).toBeLessThan(60_000);

    expect(handedAt).toHaveLength(N);
    for (const start of handedAt) {
      const inWindow = handedAt.filter((at) => at >= start && at < start + 60_000).length;
      expect(inWindow, `the minute from ${start}`).toBeLessThanOrEqual(RATE);
    }
    // And it does not go slower than the rate: the run spans just the spacing the rate asks for.
    expect(handedAt.at(-1)! - handedAt[0]!).toBe(((N - 1) * 60_000) / RATE);

    const read = (await api('GET', `/member_care/sendouts/${id}`)).json().data as SendoutDetail;
    expect(read.counts).toMatchObject({ total: N, sent: N });
  });
});
