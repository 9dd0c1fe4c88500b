import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { countSms } from '@fairway/shared';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createElksClient, type ElksClient, type ElksClientOptions, type OutgoingSms } from './client';
import { parseDeliveryReport } from './delivery-report';
import { SmsProviderError } from './errors';
import { type ElksSimAccount, type ElksSimulator, startElksSimulator } from './simulator/index';
import { startTestReceiver, type TestReceiver } from './test-receiver';

/**
 * The client against the simulator, which holds it to what 46elks documents (CONTRACT.md):
 * answers, refusals, retries (rule C1) and delivery reports, with no mocked fetch.
 */

const ACCOUNT: ElksSimAccount = { username: 'u0club', password: 'secret-1', senderNumbers: ['+46766861004'] };
const TO = '+46701740645';
const SMS: OutgoingSms = { from: 'GolfKlubben', to: TO, message: 'Banan öppnar lördag kl 8! Välkomna.' };

let sim: ElksSimulator;
let receiver: TestReceiver;

function client(options: Partial<ElksClientOptions> = {}): ElksClient {
  return createElksClient({
    apiUrl: sim.apiUrl,
    username: ACCOUNT.username,
    password: ACCOUNT.password,
    timeoutMs: 5_000,
    retryBaseMs: 5,
    ...options,
  });
}

/** What the client's requests got from the simulator, in order (0: no answer). */
const statuses = () => sim.log.map((entry) => `${entry.method} ${entry.status}`);

async function expectError(promise: Promise<unknown>): Promise<SmsProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SmsProviderError);
  return error as SmsProviderError;
}

beforeAll(async () => {
  receiver = await startTestReceiver();
});
beforeEach(async () => {
  sim = await startElksSimulator({ accounts: [ACCOUNT], delivery: { sentAfterMs: 5, deliveredAfterMs: 5, retryBaseMs: 5 } });
  receiver.received.length = 0;
});
afterEach(async () => {
  await sim.close();
});
afterAll(async () => {
  await receiver.close();
});

describe('sending', () => {
  it('sends an SMS and reads the documented answer', async () => {
    const sent = await client().send(SMS);
    expect(sent).toEqual({
      id: sim.messages[0].id,
      status: 'created',
      from: 'GolfKlubben',
      to: TO,
      parts: 1,
      cost: 5200,
      created: expect.stringMatching(/Z$/),
      dryRun: false,
      recovered: false,
    });
    expect(sim.messages[0]).toMatchObject({ from: SMS.from, to: TO, message: SMS.message });
    expect(statuses()).toEqual(['POST 200']);
  });

  it('gets the parts 46elks bills, as the shared count has them', async () => {
    for (const message of ['a'.repeat(161), `${'a'.repeat(152)}€${'b'.repeat(152)}`, `${'a'.repeat(66)}😀${'b'.repeat(66)}`]) {
      const sent = await client().send({ ...SMS, message });
      expect(sent.parts).toBe(countSms(message).segments);
    }
    expect(sim.messages.map((m) => m.parts)).toEqual([2, 3, 3]);
  });

  it('sends from one of the account’s numbers', async () => {
    expect((await client().send({ ...SMS, from: '+46766861004' })).from).toBe('+46766861004');
  });

  it('dry-runs: priced, not sent', async () => {
    const sent = await client().send({ ...SMS, message: 'a'.repeat(200), dryRun: true });
    expect(sent).toMatchObject({ id: null, dryRun: true, parts: 2, cost: 10_400, created: null });
    expect(sim.messages).toHaveLength(0);
  });
});

describe('refused requests are never repeated', () => {
  it('a recipient that is not E.164: invalid, with 46elks’ sentence, one request', async () => {
    const error = await expectError(client().send({ ...SMS, to: '0701740645' }));
    expect(error).toMatchObject({ kind: 'invalid', providerStatus: 400, maybeSent: false, transient: false, statusCode: 400 });
    expect(error.detail).toMatch(/E\.164/);
    expect(error.toBody('sv').error).toMatch(/^SMS-leverantören 46elks avvisade SMS:et: Invalid to/);
    expect(error.toBody('en').error).toMatch(/^The SMS provider 46elks refused the SMS: Invalid to/);
    expect(statuses()).toEqual(['POST 400']);
  });

  it('a sender 46elks does not take', async () => {
    const error = await expectError(client().send({ ...SMS, from: 'Golf Klubb' }));
    expect(error.kind).toBe('invalid');
    expect(statuses()).toEqual(['POST 400']);
  });

  it('wrong credentials: unauthorized', async () => {
    const error = await expectError(client({ password: 'wrong' }).send(SMS));
    expect(error).toMatchObject({ kind: 'unauthorized', providerStatus: 401, transient: false });
    expect(statuses()).toEqual(['POST 401']);
  });

  it('not enough credits: forbidden', async () => {
    await sim.close();
    sim = await startElksSimulator({ accounts: [{ ...ACCOUNT, balance: 1000 }] });
    const error = await expectError(client().send(SMS));
    expect(error).toMatchObject({ kind: 'forbidden', providerStatus: 403, detail: 'Not enough credits', transient: false });
    expect(statuses()).toEqual(['POST 403']);
  });
});

describe('transient failures (rule C1)', () => {
  it('429, 429, then success: waits out Retry-After and sends once', async () => {
    sim.faults.rateLimit(2, { retryAfterSeconds: 0 });
    const sent = await client().send(SMS);
    expect(statuses()).toEqual(['POST 429', 'POST 429', 'POST 200']);
    expect(sim.messages).toHaveLength(1);
    expect(sent.id).toBe(sim.messages[0].id);
  });

  it('429 with a Retry-After beyond what it waits for: rate limited at once', async () => {
    sim.faults.rateLimit(1, { retryAfterSeconds: 3600 });
    const error = await expectError(client().send(SMS));
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterMs: 3_600_000, transient: true, maybeSent: false });
    expect(error.headers['retry-after']).toBe('3600');
    expect(statuses()).toEqual(['POST 429']);
  });

  it('a timeout, then success: looks in the history first and sends once', async () => {
    sim.faults.hang(1, { method: 'POST' });
    const sent = await client({ timeoutMs: 500 }).send(SMS);
    expect(sim.messages).toHaveLength(1);
    // On a loaded machine the second answer may be late too; it is then found in the history.
    expect(sent.id).toBe(sim.messages[0].id);
    expect(statuses()[0]).toBe('POST 0');
    expect(statuses()).toContain('GET 200');
    expect(statuses().filter((s) => s === 'POST 200')).toHaveLength(1);
  });

  it('an answer that never came although the SMS was sent: found in the history, not sent again', async () => {
    sim.faults.dropAnswer(1, { method: 'POST' });
    const sent = await client().send(SMS);
    expect(sim.messages).toHaveLength(1);
    expect(sent).toMatchObject({ id: sim.messages[0].id, recovered: true, parts: 1, cost: 5200 });
    expect(statuses()).toEqual(['POST 0', 'GET 200']);
  });

  it('an answer later than the timeout: the same', async () => {
    sim.faults.slowAnswer(1_500, 1, { method: 'POST' });
    const sent = await client({ timeoutMs: 300 }).send(SMS);
    expect(sim.messages).toHaveLength(1);
    expect(sent).toMatchObject({ id: sim.messages[0].id, recovered: true });
  });

  it('a 5xx, then success: not in the history, so sent again, once', async () => {
    sim.faults.serverError(1, { status: 502, match: { method: 'POST' } });
    const sent = await client().send(SMS);
    expect(statuses()).toEqual(['POST 502', 'GET 200', 'POST 200']);
    expect(sim.messages).toHaveLength(1);
    expect(sent.recovered).toBe(false);
  });

  it('5xx to the end: unavailable, maybe sent (the caller looks again before resending)', async () => {
    sim.faults.serverError(10, { match: { method: 'POST' } });
    const error = await expectError(client({ maxRetries: 2 }).send(SMS));
    expect(error).toMatchObject({ kind: 'unavailable', maybeSent: true, transient: true, providerStatus: 503 });
    expect(statuses()).toEqual(['POST 503', 'GET 200', 'POST 503', 'GET 200', 'POST 503', 'GET 200']);
    expect(sim.messages).toHaveLength(0);
  });

  it('the history look-up failing too: maybe sent', async () => {
    sim.faults.dropAnswer(1, { method: 'POST' });
    sim.faults.serverError(10, { match: { method: 'GET' } });
    const error = await expectError(client({ maxRetries: 1 }).send(SMS));
    expect(error).toMatchObject({ kind: 'unavailable', maybeSent: true });
    expect(sim.messages).toHaveLength(1);
  });

  it('a dry run is simply repeated after a timeout', async () => {
    sim.faults.hang(1);
    const sent = await client({ timeoutMs: 500 }).send({ ...SMS, dryRun: true });
    expect(sent.dryRun).toBe(true);
    expect(statuses().filter((s) => s.startsWith('GET'))).toEqual([]);
  });

  it('nobody listening: unavailable after the retries, not sent', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const refused = client({ apiUrl: `http://127.0.0.1:${port}/a1`, maxRetries: 2 });
    const error = await expectError(refused.send(SMS));
    expect(error).toMatchObject({ kind: 'unavailable', maybeSent: false, transient: true });
    expect(refused.attempts).toBe(3);
  });

  it('an unreadable 200: bad response, maybe sent, not repeated', async () => {
    const broken = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>ok</html>'));
    await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve));
    const { port } = broken.address() as AddressInfo;
    try {
      const c = client({ apiUrl: `http://127.0.0.1:${port}/a1` });
      const error = await expectError(c.send(SMS));
      expect(error).toMatchObject({ kind: 'bad_response', maybeSent: true, transient: true });
      expect(c.attempts).toBe(1);
    } finally {
      broken.closeAllConnections();
      await new Promise<void>((resolve) => broken.close(() => resolve()));
    }
  });
});

describe('looking SMS up', () => {
  it('findSent finds the latest send of exactly that text to that number, and nothing else', async () => {
    const since = new Date();
    const c = client({ clockSkewMs: 0 });
    await c.send(SMS);
    const second = await c.send(SMS);
    await c.send({ ...SMS, message: 'Annan text' });
    expect(await c.findSent(SMS, since)).toMatchObject({ id: second.id, recovered: true });
    expect(await c.findSent({ ...SMS, to: '+46701111111' }, since)).toBeNull();
    expect(await c.findSent({ ...SMS, from: 'Fairway' }, since)).toBeNull();
    expect(await c.findSent(SMS, new Date(Date.now() + 60_000))).toBeNull();
  });

  it('findSent pages through a long history', async () => {
    const since = new Date();
    const c = client({ clockSkewMs: 0 });
    const first = await c.send(SMS);
    for (let i = 0; i < 101; i++) await c.send({ ...SMS, message: `Påminnelse ${i}` });
    expect(await c.findSent(SMS, since)).toMatchObject({ id: first.id });
  });

  it('gets one SMS by id, and says when there is none', async () => {
    const sent = await client().send(SMS);
    expect(await client().get(sent.id as string)).toMatchObject({ id: sent.id, to: TO, message: SMS.message, cost: 5200 });
    const error = await expectError(client().get('s0123'));
    expect(error).toMatchObject({ kind: 'not_found', providerStatus: 404 });
  });
});

describe('delivery reports', () => {
  it('come to whendelivered and parse into the sent SMS’ id and status', async () => {
    const sent = await client().send({ ...SMS, whenDelivered: `${receiver.url}/api/v1/sms/delivery?key=k1` });
    await sim.settled();
    const reports = receiver.received.map((r) => parseDeliveryReport(r.body));
    expect(reports).toEqual([
      { ok: true, report: { id: sent.id, status: 'sent', deliveredAt: null } },
      { ok: true, report: { id: sent.id, status: 'delivered', deliveredAt: expect.stringMatching(/Z$/) } },
    ]);
    expect(receiver.received[0].query.get('key')).toBe('k1');
    const record = await client().get(sent.id as string);
    expect(record).toMatchObject({ status: 'delivered', deliveredAt: reports[1].ok ? reports[1].report.deliveredAt : null });
  });
});
