import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganisation } from '../../../../test/fixtures/users';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import type { App } from '../../../app';
import { type ClubTenant, connectorDetails, connectorStatus, issueConnectorKey, rotateConnectorKey } from './connector.service';
import { connectorWork } from './connector.tables';

let t: TestApp;
let app: App;
let alfa: ClubTenant;
let beta: ClubTenant;
let alfaKey: string;
let betaKey: string;

const registerBody = {
  protocolVersion: 1,
  connectorVersion: '1.0.0',
  machine: 'KANSLI-PC',
  company: { name: 'Alfa Golfklubb', database: 'Ftg1' },
};

const post = (url: string, key: string | null, payload?: object) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/connector${url}`,
    headers: key ? { authorization: `Bearer ${key}` } : {},
    payload: payload ?? {},
  });

async function queue(tenant: ClubTenant, operation: string, payload: object = {}, kind = 'write') {
  const [row] = await app.db
    .insert(connectorWork)
    .values({ ...tenant, operation, kind, payload })
    .returning();
  return row!;
}

async function workRow(id: string) {
  const [row] = await app.db.select().from(connectorWork).where(eq(connectorWork.id, id));
  return row!;
}

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  const a = await createOrganisation(app, { name: 'Alfa GK' });
  const b = await createOrganisation(app, { name: 'Beta GK' });
  alfa = { organisationId: a.organisationId, clubAccountId: a.clubAccountId };
  beta = { organisationId: b.organisationId, clubAccountId: b.clubAccountId };
  alfaKey = (await issueConnectorKey(app.db, alfa)).key;
  betaKey = (await issueConnectorKey(app.db, beta)).key;
});

afterAll(async () => {
  await t?.close();
});

describe('connector keys', () => {
  it('refuses calls without a key, with a malformed key and with an unknown key, before reading the body', async () => {
    const missing = await post('/register', null, registerBody);
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ eng_message: 'The connector is not authorised.' });
    expect((await post('/register', 'not-a-key', registerBody)).statusCode).toBe(401);
    expect((await post('/heartbeat', `fwc_${'A'.repeat(43)}`)).statusCode).toBe(401);
    // An invalid body is not even looked at without a key.
    expect((await post('/work/claim', null, { max: 'many' })).statusCode).toBe(401);
  });

  it('stores only a hash and ends the old key when the key is rotated', async () => {
    const tenant = { organisationId: alfa.organisationId, clubAccountId: alfa.clubAccountId };
    const first = await rotateConnectorKey(app.db, tenant);
    expect(first.key).toMatch(/^fwc_[A-Za-z0-9_-]{43}$/);
    const stored = await app.db.execute(
      sql`select key_hash, key_prefix from connectors where club_account_id = ${tenant.clubAccountId}`,
    );
    const row = (stored as unknown as { rows: { key_hash: string; key_prefix: string }[] }).rows[0]!;
    expect(row.key_hash).not.toContain(first.key);
    expect(row.key_prefix).toBe(first.key.slice(0, 10));
    expect((await post('/heartbeat', first.key)).statusCode).toBe(200);

    const second = await rotateConnectorKey(app.db, tenant);
    expect((await post('/heartbeat', first.key)).statusCode).toBe(401);
    expect((await post('/heartbeat', second.key)).statusCode).toBe(200);
    alfaKey = second.key;
  });

  it('answers 404 for another organisation’s club account', async () => {
    await expect(
      issueConnectorKey(app.db, { organisationId: beta.organisationId, clubAccountId: alfa.clubAccountId }),
    ).rejects.toMatchObject({
      statusCode: 404,
    });
  });
});

describe('status: installation needed → online → offline', () => {
  it('follows registration and silence', async () => {
    // The key exists, but no connector has registered with it yet.
    expect((await connectorStatus(app.db, beta)).status).toBe('installation_needed');

    const registered = await post('/register', betaKey, registerBody);
    expect(registered.statusCode).toBe(200);
    expect(registered.json().data).toMatchObject({ protocolVersion: 1, heartbeatSeconds: 30, maxClaimWaitSeconds: 25 });
    const online = await connectorStatus(app.db, beta);
    expect(online.status).toBe('online');
    expect(online.lastSeenAt).toBeInstanceOf(Date);

    const details = await connectorDetails(app.db, beta);
    expect(details).toMatchObject({
      machine: 'KANSLI-PC',
      version: '1.0.0',
      companyName: 'Alfa Golfklubb',
      companyDatabase: 'Ftg1',
    });

    // Two minutes and a second without a call.
    await app.db.execute(
      sql`update connectors set last_seen_at = now() - interval '121 seconds' where club_account_id = ${beta.clubAccountId}`,
    );
    expect((await connectorStatus(app.db, beta)).status).toBe('offline');

    expect((await post('/heartbeat', betaKey, { busy: 0 })).statusCode).toBe(200);
    expect((await connectorStatus(app.db, beta)).status).toBe('online');
  });

  it('refuses another protocol version and unknown fields', async () => {
    const res = await post('/register', betaKey, { ...registerBody, protocolVersion: 2, extra: true });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error).sort()).toEqual(['extra', 'protocolVersion']);
  });
});

describe('claiming work and posting results', () => {
  it('leases the oldest items of its own club account only, and applies the first result', async () => {
    await post('/register', alfaKey, registerBody);
    const first = await queue(alfa, 'customers.get', { number: '1001' }, 'read');
    const second = await queue(alfa, 'invoices.bookkeep', { number: '5002' });
    const foreign = await queue(beta, 'customers.get', { number: '1' }, 'read');

    const claimed = await post('/work/claim', alfaKey, { waitSeconds: 0, max: 5 });
    expect(claimed.statusCode).toBe(200);
    const items = claimed.json().data.items as { id: string; operation: string; attempt: number; payload: unknown }[];
    expect(items.map((i) => i.id)).toEqual([first.id, second.id]);
    expect(items[0]).toMatchObject({ operation: 'customers.get', payload: { number: '1001' }, attempt: 1 });
    expect((await workRow(first.id)).status).toBe('leased');

    // Leased items are not handed out twice.
    expect((await post('/work/claim', alfaKey, { waitSeconds: 0 })).json().data.items).toEqual([]);

    const done = await post(`/work/${first.id}/result`, alfaKey, { ok: true, data: { hello: 'world' } });
    expect(done.json().data).toEqual({ applied: true });
    const again = await post(`/work/${first.id}/result`, alfaKey, {
      ok: false,
      error: { kind: 'unavailable', code: 'X', message: 'late' },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual({ applied: false });
    expect(await workRow(first.id)).toMatchObject({ status: 'done', result: { hello: 'world' }, error: null });

    const failed = await post(`/work/${second.id}/result`, alfaKey, {
      ok: false,
      error: { kind: 'conflict', code: 'ADKE_INVOICE_EDIT_DENIED_ALREADY_IN_LEDGER', message: 'Faktura 5002 är redan bokförd.' },
    });
    expect(failed.json().data).toEqual({ applied: true });
    expect(await workRow(second.id)).toMatchObject({ status: 'failed', error: { kind: 'conflict' } });

    // Beta's item is unknown to Alfa's connector, and untouched.
    expect((await post(`/work/${foreign.id}/result`, alfaKey, { ok: true, data: 1 })).statusCode).toBe(404);
    expect((await workRow(foreign.id)).status).toBe('queued');
    await app.db.delete(connectorWork).where(eq(connectorWork.id, foreign.id));
  });

  it('keeps what Visma Administration answers, cleaned of text PostgreSQL cannot store', async () => {
    await post('/register', alfaKey, registerBody);
    const read = await queue(alfa, 'customers.get', { number: '1002' }, 'read');
    const write = await queue(alfa, 'invoices.bookkeep', { number: '5003' });
    await post('/work/claim', alfaKey, { waitSeconds: 0, max: 5 });
    const done = await post(`/work/${read.id}/result`, alfaKey, { ok: true, data: { name: 'Kund\u0000 AB', note: 'a\ud800b' } });
    expect(done.statusCode).toBe(200);
    expect(await workRow(read.id)).toMatchObject({ status: 'done', result: { name: 'Kund AB', note: 'a\ufffdb' } });
    const failed = await post(`/work/${write.id}/result`, alfaKey, {
      ok: false,
      error: { kind: 'conflict', code: 'X', message: 'Redan bokförd\u0000' },
    });
    expect(failed.statusCode).toBe(200);
    expect(await workRow(write.id)).toMatchObject({ status: 'failed', error: { message: 'Redan bokförd' } });
  });

  it('refuses malformed results', async () => {
    const item = await queue(alfa, 'customers.get', { number: '1' }, 'read');
    const res = await post(`/work/${item.id}/result`, alfaKey, { ok: false, error: { kind: 'mystery', code: '', message: 'x' } });
    expect(res.statusCode).toBe(400);
    expect((await post('/work/not-a-uuid/result', alfaKey, { ok: true, data: null })).statusCode).toBe(400);
    expect((await workRow(item.id)).status).toBe('queued');
    await app.db.delete(connectorWork).where(eq(connectorWork.id, item.id));
  });

  it('returns an item whose lease expired to the queue, and gives it up after five leases', async () => {
    const item = await queue(alfa, 'invoices.send', { number: '5003', method: 'email' });
    const claim = async () =>
      (await post('/work/claim', alfaKey, { waitSeconds: 0 })).json().data.items as { id: string; attempt: number }[];
    const expire = () =>
      app.db.execute(sql`update connector_work set lease_until = now() - interval '1 second' where id = ${item.id}`);

    expect((await claim()).map((i) => i.attempt)).toEqual([1]);
    await expire();
    const again = await claim();
    expect(again).toMatchObject([{ id: item.id, attempt: 2 }]);

    // A result from the first, expired lease still counts: the work was done.
    expect((await post(`/work/${item.id}/result`, alfaKey, { ok: true, data: { sent: true } })).json().data.applied).toBe(true);

    const poison = await queue(alfa, 'invoices.send', { number: '5004', method: 'email' });
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await claim()).map((i) => i.attempt)).toEqual([attempt]);
      await app.db.execute(sql`update connector_work set lease_until = now() - interval '1 second' where id = ${poison.id}`);
    }
    expect(await claim()).toEqual([]);
    expect(await workRow(poison.id)).toMatchObject({ status: 'failed', error: { kind: 'unavailable', code: 'LEASE_EXPIRED' } });
  });

  it('holds an empty claim until work is queued, then answers at once', async () => {
    const started = Date.now();
    const pending = post('/work/claim', alfaKey, { waitSeconds: 10 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const item = await queue(alfa, 'contracts.finish', { number: '303' });
    const res = await pending;
    expect(res.json().data.items.map((i: { id: string }) => i.id)).toEqual([item.id]);
    // Found by the one-second look at the database (the row was inserted directly, without a signal).
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('answers an empty list when the wait runs out, and drops reads nobody waits for', async () => {
    const read = await queue(alfa, 'customers.list', { query: { page: 1, pageSize: 10, modifiedSince: null } }, 'read');
    await app.db.execute(sql`update connector_work set expires_at = now() - interval '1 second' where id = ${read.id}`);
    const started = Date.now();
    const res = await post('/work/claim', alfaKey, { waitSeconds: 1 });
    expect(res.json().data.items).toEqual([]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(await workRow(read.id)).toMatchObject({ status: 'failed', error: { kind: 'timeout' } });
  });

  it('tells the heartbeat how much work waits', async () => {
    await queue(alfa, 'contracts.finish', { number: '304' });
    const pending = await app.db
      .select()
      .from(connectorWork)
      .where(and(eq(connectorWork.clubAccountId, alfa.clubAccountId), sql`status in ('queued', 'leased')`));
    const res = await post('/heartbeat', alfaKey, {});
    expect(res.json().data.queued).toBe(pending.length);
  });
});
