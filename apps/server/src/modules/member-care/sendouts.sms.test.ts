import { createServer } from 'node:net';
import type { SendoutDetail } from '@fairway/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganisation, type TestOrganisation } from '../../../test/fixtures/users';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { App } from '../../app';
import { ELKS_SIM_DEMO_ACCOUNT, type ElksSimulator, startElksSimulator } from '../../providers/46elks/simulator/index';
import { members } from '../members/members.tables';
import { subscriptions, subscriptionUsage } from '../subscriptions/subscriptions.tables';
import { runSendout } from './sendouts.runs';

/**
 * An SMS send-out through the 46elks simulator, end to end: the app listens, so the simulator's
 * delivery reports reach the send-out's report address over HTTP.
 */

let t: TestApp;
let app: App;
let sim: ElksSimulator;
let a: TestOrganisation;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  const port = await freePort();
  t = await createTestApp({ PUBLIC_URL: `http://127.0.0.1:${port}` });
  app = t.app;
  await app.listen({ port, host: '127.0.0.1' });
  sim = await startElksSimulator({
    accounts: [ELKS_SIM_DEMO_ACCOUNT],
    delivery: { sentAfterMs: 0, deliveredAfterMs: 0, failTo: ['+46709876543'], retryBaseMs: 10 },
  });
  app.simulators.use('46elks', { url: sim.url, close: async () => {} });
  a = await createOrganisation(app, { name: 'Alfa GK' });
  await app.db.update(subscriptions).set({ smsPlanId: 'sms-100' }).where(eq(subscriptions.organisationId, a.organisationId));
  await app.db.insert(members).values([
    {
      organisationId: a.organisationId,
      clubAccountId: a.clubAccountId,
      firstname: 'Örjan',
      lastname: 'Åberg',
      phoneMobile: '070-123 45 67',
    },
    {
      organisationId: a.organisationId,
      clubAccountId: a.clubAccountId,
      firstname: 'Märta',
      lastname: 'Åberg',
      phoneMobile: '+46709876543',
    },
  ]);
});

afterAll(async () => {
  await t?.close();
  await sim?.close();
});

describe('an SMS send-out through 46elks', () => {
  it('sends E.164 numbers in counted segments through a 429, takes delivery reports, and charges the plan per segment', async () => {
    // 170 GSM characters, å ä ö included: two segments of 153.
    const message = `Hej! Banan öppnar på lördag och vi hälsar alla välkomna åter. ${'Boka tid i Min Golf. '.repeat(6)}`.slice(
      0,
      170,
    );
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/member_care/sendouts',
      headers: a.owner.headers,
      payload: { channel: 'sms', title: 'Banan öppnar', sender: 'AlfaGK', message, selection: {} },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as string;
    expect(created.json().data.segments).toBe(2);
    const sent = await app.inject({ method: 'POST', url: `/api/v1/member_care/sendouts/${id}/send`, headers: a.owner.headers });
    expect(sent.statusCode, sent.body).toBe(200);

    sim.faults.rateLimit(1, { retryAfterSeconds: 0 });
    expect(await runSendout(app, id)).toBe('succeeded');
    await sim.settled();

    expect(sim.log.some((l) => l.status === 429)).toBe(true);
    expect(sim.messages.map((m) => [m.to, m.parts]).sort()).toEqual([
      ['+46701234567', 2],
      ['+46709876543', 2],
    ]);
    const read = (await app.inject({ method: 'GET', url: `/api/v1/member_care/sendouts/${id}`, headers: a.owner.headers })).json()
      .data as SendoutDetail;
    expect(read.recipients.find((r) => r.address === '+46701234567')).toMatchObject({ status: 'delivered' });
    expect(read.recipients.find((r) => r.address === '+46709876543')).toMatchObject({ status: 'failed' });
    const [usage] = await app.db.select().from(subscriptionUsage).where(eq(subscriptionUsage.organisationId, a.organisationId));
    expect(usage?.sms).toBe(4);

    // A report to a wrong secret is refused and changes nothing.
    const forged = await app.inject({
      method: 'POST',
      url: `/api/v1/member_care/sms/delivery/${id}/wrong`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `id=${sim.messages[0]?.id}&status=failed`,
    });
    expect(forged.statusCode).toBe(404);
  });

  it('sends a test SMS through 46elks to the given number in E.164, counted against the plan; refuses no number, a bad one and a spent plan', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/member_care/sendouts',
      headers: a.owner.headers,
      payload: { channel: 'sms', title: 'Test', sender: 'AlfaGK', message: 'Tävlingen är inställd.', selection: {} },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as string;
    const test = (to: string, lang = 'en') =>
      app.inject({
        method: 'POST',
        url: `/api/v1/member_care/sendouts/${id}/test`,
        headers: { ...a.owner.headers, 'accept-language': lang },
        payload: { to },
      });
    const used = async () =>
      (await app.db.select().from(subscriptionUsage).where(eq(subscriptionUsage.organisationId, a.organisationId)))[0]?.sms ?? 0;
    const toTest = () => sim.messages.filter((m) => m.message === 'Tävlingen är inställd.');
    const before = await used();

    const ok = await test('070-765 43 21');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.to).toBe('+46707654321');
    expect(toTest().map((m) => [m.from, m.to, m.parts])).toEqual([['AlfaGK', '+46707654321', 1]]);
    expect(await used()).toBe(before + 1);

    const missing = await test('');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.to).toEqual(['Test sending requires a test mobile number']);
    expect((await test('', 'sv')).json().error.to).toEqual(['Ange ett mobilnummer att skicka testet till']);
    const bad = await test('12');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.to).toEqual(['Invalid mobile number']);

    // 46elks refuses it: nothing was sent, so nothing stays counted.
    sim.faults.serverError(1, { status: 403 });
    expect((await test('+46707654321')).statusCode).toBeGreaterThanOrEqual(400);
    expect(await used()).toBe(before + 1);

    // The plan spent: refused before anything is sent, saying how many are left.
    const [row] = await app.db.select().from(subscriptionUsage).where(eq(subscriptionUsage.organisationId, a.organisationId));
    await app.db.update(subscriptionUsage).set({ sms: 100 }).where(eq(subscriptionUsage.organisationId, a.organisationId));
    const spent = await test('+46707654321');
    expect(spent.statusCode).toBe(406);
    expect(spent.json().eng_message).toContain('only 0 left');
    expect(toTest()).toHaveLength(1);
    expect(await used()).toBe(100);
    await app.db
      .update(subscriptionUsage)
      .set({ sms: row?.sms ?? 0 })
      .where(eq(subscriptionUsage.organisationId, a.organisationId));
  });
});
