import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createElksClient } from '../client';
import { parseDeliveryReport } from '../delivery-report';
import { startTestReceiver, type TestReceiver } from '../test-receiver';
import { parseElksTime } from '../wire';
import { type ElksSimAccount, type ElksSimulator, type ElksSimulatorOptions, startElksSimulator } from './index';

/** The simulator holds requests to what 46elks documents (CONTRACT.md), spoken to over raw HTTP. */

const ACCOUNT: ElksSimAccount = { username: 'u0club', password: 'secret-1', senderNumbers: ['+46766861004'] };
const OTHER: ElksSimAccount = { username: 'u0other', password: 'secret-2' };
const TO = '+46701740645';
const FAST = { sentAfterMs: 5, deliveredAfterMs: 5, retryBaseMs: 5 };

let sim: ElksSimulator;
let receiver: TestReceiver;

async function start(options: ElksSimulatorOptions = {}) {
  await sim?.close();
  sim = await startElksSimulator({ accounts: [ACCOUNT, OTHER], delivery: FAST, ...options });
}

const basic = (a: Pick<ElksSimAccount, 'username' | 'password'>) =>
  `Basic ${Buffer.from(`${a.username}:${a.password}`).toString('base64')}`;

function post(fields: Record<string, string>, options: { as?: ElksSimAccount | null; path?: string; json?: boolean } = {}) {
  const as = options.as === undefined ? ACCOUNT : options.as;
  return fetch(`${sim.url}${options.path ?? '/a1/sms'}`, {
    method: 'POST',
    headers: {
      ...(as ? { authorization: basic(as) } : {}),
      'content-type': options.json ? 'application/json' : 'application/x-www-form-urlencoded',
    },
    body: options.json ? JSON.stringify(fields) : new URLSearchParams(fields).toString(),
  });
}

function get(pathAndQuery: string, as: ElksSimAccount = ACCOUNT) {
  return fetch(`${sim.url}${pathAndQuery}`, { headers: { authorization: basic(as) } });
}

const sms = (extra: Record<string, string> = {}) => ({ from: 'GolfKlubben', to: TO, message: 'Banan öppnar lördag!', ...extra });

beforeAll(async () => {
  receiver = await startTestReceiver();
});
beforeEach(async () => {
  await start();
  receiver.received.length = 0;
});
afterEach(async () => {
  await sim.close();
});
afterAll(async () => {
  await receiver.close();
});

describe('access (rules A1, A2)', () => {
  it('answers 401 without Basic auth or with a wrong password, and takes /a1/SMS like /a1/sms', async () => {
    expect((await post(sms(), { as: null })).status).toBe(401);
    const wrong = await post(sms(), { as: { ...ACCOUNT, password: 'nope' } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('content-type')).toMatch(/^text\/plain/);
    expect((await post(sms(), { path: '/a1/SMS' })).status).toBe(200);
    expect(sim.messages).toHaveLength(1);
    expect((await get('/a1/numbers')).status).toBe(404);
  });
});

describe('sending (rules R1–R5, F1, F2, O1–O3)', () => {
  it('refuses a request without from, to or message with a plain-text 400', async () => {
    for (const key of ['from', 'to', 'message']) {
      const fields = sms();
      delete (fields as Record<string, string>)[key];
      const response = await post(fields);
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await response.text()).toBe(`Missing key ${key}`);
      expect((await post(sms({ [key]: '' }))).status).toBe(400);
    }
    // A JSON body has no form fields.
    expect((await post(sms(), { json: true })).status).toBe(400);
    expect(sim.messages).toHaveLength(0);
  });

  it('takes only E.164 recipients', async () => {
    for (const to of ['0701740645', '46701740645', '+46 70 174 06 45', '+4670', '+046701740645']) {
      expect((await post(sms({ to }))).status, to).toBe(400);
    }
    expect((await post(sms({ to: '+4741234567' }))).status).toBe(200);
  });

  it('takes a text sender ID of 3–11 letters and digits, or a number of the account', async () => {
    for (const from of ['GK', 'Golf Klubb', 'Golf.Klubb', '1Golf', 'Golfklubben1', 'Täby', '+46701234567', '0766861004']) {
      const response = await post(sms({ from }));
      expect(response.status, from).toBe(400);
      expect(await response.text()).toMatch(/^Invalid from/);
    }
    for (const from of ['GKX', 'Golfklubben', 'Fairway2024', '+46766861004'])
      expect((await post(sms({ from }))).status, from).toBe(200);
    // Another account does not own the number.
    expect((await post(sms({ from: '+46766861004' }), { as: OTHER })).status).toBe(400);
  });

  it('answers the documented JSON: id, status, direction, from, to, message, created, parts, cost', async () => {
    const response = await post(sms({ message: 'a'.repeat(161) }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toEqual({
      id: expect.stringMatching(/^s[0-9a-f]{32}$/),
      status: 'created',
      direction: 'outgoing',
      from: 'GolfKlubben',
      to: TO,
      message: 'a'.repeat(161),
      created: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/),
      parts: 2,
      cost: 2 * 5200,
    });
    expect(Math.abs((parseElksTime(body.created as string) as Date).getTime() - Date.now())).toBeLessThan(60_000);
    const emoji = (await (await post(sms({ message: 'Fore! 🏌'.repeat(9) }))).json()) as { parts: number };
    expect(emoji.parts).toBe(2); // 72 UTF-16 code units
  });

  it('checks and prices a dry run without sending or charging it', async () => {
    await start({ accounts: [{ ...ACCOUNT, balance: 100_000 }] });
    const response = await post(sms({ dryrun: 'yes', whendelivered: `${receiver.url}/dlr` }));
    expect(await response.json()).toEqual({
      status: 'created',
      direction: 'outgoing',
      from: 'GolfKlubben',
      to: TO,
      message: 'Banan öppnar lördag!',
      parts: 1,
      estimated_cost: 5200,
    });
    expect((await post(sms({ dryrun: 'yes', to: '070' }))).status).toBe(400);
    expect(sim.messages).toHaveLength(0);
    expect(sim.balance(ACCOUNT.username)).toBe(100_000);
    await sim.settled();
    expect(receiver.received).toHaveLength(0);
  });

  it('refuses a message of more than 255 parts', async () => {
    expect((await post(sms({ message: 'a'.repeat(153 * 255) }))).status).toBe(200);
    const response = await post(sms({ message: 'a'.repeat(153 * 255 + 1) }));
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/^Message too long/);
  });

  it('answers 403 Not enough credits when the balance does not cover the parts, and charges what it sends', async () => {
    await start({ accounts: [{ ...ACCOUNT, balance: 10_000 }] });
    expect((await post(sms())).status).toBe(200);
    expect(sim.balance(ACCOUNT.username)).toBe(4_800);
    const refused = await post(sms());
    expect(refused.status).toBe(403);
    expect(await refused.text()).toBe('Not enough credits');
    expect(sim.balance(ACCOUNT.username)).toBe(4_800);
    expect(sim.messages).toHaveLength(1);
  });

  it('refuses a whendelivered that is not an http(s) URL, and leaves the message out with dontlog=message', async () => {
    expect((await post(sms({ whendelivered: 'not a url' }))).status).toBe(400);
    expect((await post(sms({ whendelivered: 'ftp://example.test/dlr' }))).status).toBe(400);
    const body = (await (await post(sms({ dontlog: 'message' }))).json()) as Record<string, unknown>;
    expect(body.message).toBeUndefined();
    expect(body.dontlog).toBe('message');
    expect(sim.messages[0].message).toBeNull();
  });
});

describe('history and look-up by id (rule H1)', () => {
  it('lists the account’s SMS newest first, filtered on the recipient, paged with limit and next', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(((await (await post(sms({ message: `nr ${i}` }))).json()) as { id: string }).id);
    await post(sms({ to: '+46701111111' }));
    await post(sms(), { as: { ...OTHER } }).then((r) => r.text());

    const all = (await (await get(`/a1/sms?to=${encodeURIComponent(TO)}`)).json()) as { data: { id: string }[]; next?: string };
    expect(all.data.map((d) => d.id)).toEqual([...ids].reverse());
    expect(all.next).toBeUndefined();

    const first = (await (await get(`/a1/sms?to=${encodeURIComponent(TO)}&limit=2`)).json()) as {
      data: { id: string; created: string }[];
      next: string;
    };
    expect(first.data.map((d) => d.id)).toEqual([ids[4], ids[3]]);
    expect(first.next).toBe(first.data[1].created);
    const second = (await (await get(`/a1/sms?to=${encodeURIComponent(TO)}&limit=2&start=${first.next}`)).json()) as {
      data: { id: string }[];
    };
    expect(second.data.map((d) => d.id)).toEqual([ids[2], ids[1]]);

    const future = new Date(Date.now() + 3_600_000).toISOString().slice(0, 19);
    expect(((await (await get(`/a1/sms?end=${future}`)).json()) as { data: unknown[] }).data).toEqual([]);
    expect((await get('/a1/sms?start=yesterday')).status).toBe(400);
    const everything = (await (await get('/a1/sms')).json()) as { data: { to: string }[] };
    expect(everything.data).toHaveLength(6);
  });

  it('shows one SMS by id to its own account only', async () => {
    const { id } = (await (await post(sms())).json()) as { id: string };
    const one = (await (await get(`/a1/SMS/${id}`)).json()) as Record<string, unknown>;
    expect(one).toMatchObject({
      id,
      direction: 'outgoing',
      from: 'GolfKlubben',
      to: TO,
      message: 'Banan öppnar lördag!',
      cost: 5200,
    });
    expect(['created', 'sent', 'delivered']).toContain(one.status);
    expect((await get(`/a1/sms/${id}`, OTHER)).status).toBe(404);
    expect((await get('/a1/sms/s0000')).status).toBe(404);
  });
});

describe('delivery reports (rules D1–D3)', () => {
  it('POSTs sent and then delivered to whendelivered as a form, with Basic auth from the URL and its query kept', async () => {
    const whendelivered = `http://dlr-user:p%40ss@${receiver.url.slice('http://'.length)}/sms/dlr?token=abc123`;
    const { id } = (await (await post(sms({ whendelivered }))).json()) as { id: string };
    await sim.settled();
    expect(receiver.received).toHaveLength(2);
    for (const r of receiver.received) {
      expect(r.path).toBe('/sms/dlr');
      expect(r.query.get('token')).toBe('abc123');
      expect(r.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(r.headers.authorization).toBe(`Basic ${Buffer.from('dlr-user:p@ss').toString('base64')}`);
    }
    const [sent, delivered] = receiver.received.map((r) => parseDeliveryReport(r.body));
    expect(sent).toEqual({ ok: true, report: { id, status: 'sent', deliveredAt: null } });
    expect(delivered).toMatchObject({ ok: true, report: { id, status: 'delivered', deliveredAt: expect.any(String) } });
    expect(new URLSearchParams(receiver.received[1].body).get('delivered')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(sim.messages[0]).toMatchObject({ status: 'delivered', delivered: expect.any(String) });
  });

  it('repeats a report until the receiver answers 200–204', async () => {
    receiver.answerWith(500, 302, 200);
    await post(sms({ whendelivered: `${receiver.url}/dlr` }));
    await sim.settled();
    expect(sim.reports.map((r) => [r.status, r.answer])).toEqual([
      ['sent', 500],
      ['sent', 302],
      ['sent', 200],
      ['delivered', 204],
    ]);
  });

  it('gives up after the attempts, and reports a failed delivery without a time', async () => {
    await start({ delivery: { ...FAST, failTo: [TO], maxAttempts: 2 } });
    receiver.answerWith(503, 503);
    await post(sms({ whendelivered: `${receiver.url}/dlr` }));
    await sim.settled();
    expect(sim.reports.map((r) => [r.status, r.answer])).toEqual([
      ['sent', 503],
      ['sent', 503],
      ['failed', 204],
    ]);
    expect(parseDeliveryReport(receiver.received[2].body)).toMatchObject({
      ok: true,
      report: { status: 'failed', deliveredAt: null },
    });
    expect(sim.messages[0].status).toBe('failed');
  });

  it('sends a long run of SMS through the client without a MaxListenersExceededWarning', async () => {
    // Every SMS waits to be sent and delivered at once: each wait must not hang a listener of its
    // own on the simulator's shutdown signal (more than 10 made Node warn during long send-outs).
    await start({ delivery: { ...FAST, sentAfterMs: 200, deliveredAfterMs: 200 } });
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const client = createElksClient({ apiUrl: sim.apiUrl, username: ACCOUNT.username, password: ACCOUNT.password });
      for (let n = 0; n < 40; n++) await client.send({ ...sms(), whenDelivered: `${receiver.url}/dlr` });
      await sim.settled();
      // A warning is emitted on the next tick of the event loop.
      await new Promise((resolve) => setImmediate(resolve));
      expect(sim.messages.filter((m) => m.status === 'delivered')).toHaveLength(40);
      expect(warnings.map((w) => w.name)).not.toContain('MaxListenersExceededWarning');
    } finally {
      process.off('warning', onWarning);
    }
  });
});

describe('state file', () => {
  it('keeps the SMS, balances and pending reports across a restart', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fairway-46elks-'));
    try {
      const persistFile = path.join(dir, '46elks.json');
      await start({ persistFile, accounts: [{ ...ACCOUNT, balance: 20_000 }], delivery: { ...FAST, sentAfterMs: 60_000 } });
      const { id } = (await (await post(sms({ whendelivered: `${receiver.url}/dlr` }))).json()) as { id: string };
      await sim.close();
      await start({ persistFile, accounts: [{ ...ACCOUNT, balance: 20_000 }] });
      expect(sim.balance(ACCOUNT.username)).toBe(14_800);
      expect(((await (await get(`/a1/sms/${id}`)).json()) as { id: string }).id).toBe(id);
      await sim.settled();
      expect(receiver.received.map((r) => new URLSearchParams(r.body).get('status'))).toEqual(['sent', 'delivered']);
    } finally {
      await sim.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
