import { afterEach, describe, expect, it } from 'vitest';
import { startVismaSimulator, type VismaSimulator } from './index';

const running: VismaSimulator[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

async function start() {
  const sim = await startVismaSimulator({ seed: 'empty' });
  running.push(sim);
  return sim;
}

const control = (sim: VismaSimulator, method: string, path: string, body?: unknown) =>
  fetch(`${sim.url}/simulator/${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const customers = (sim: VismaSimulator, token: string) =>
  fetch(`${sim.apiBaseUrl}/customers`, { headers: { authorization: `Bearer ${token}` } });

describe('Visma eEkonomi simulator controls', () => {
  it('withdraws the consent over HTTP: tokens stop working until consent is given again', async () => {
    const sim = await start();
    const { accessToken } = sim.grantConsent();
    expect((await customers(sim, accessToken)).status).toBe(200);

    expect((await control(sim, 'POST', 'revoke-consent')).status).toBe(204);
    expect((await customers(sim, accessToken)).status).toBe(401);

    const again = sim.grantConsent();
    expect((await customers(sim, again.accessToken)).status).toBe(200);
  });

  it('arms server errors for matching requests only, and forgets them on DELETE', async () => {
    const sim = await start();
    const { accessToken } = sim.grantConsent();
    const armed = await control(sim, 'POST', 'faults', { times: 2, status: 503, method: 'GET', path: '/customers' });
    expect(armed.status).toBe(204);

    // Another endpoint is untouched; the matching one fails twice, then answers again.
    expect((await fetch(`${sim.apiBaseUrl}/articles`, { headers: { authorization: `Bearer ${accessToken}` } })).status).toBe(200);
    expect((await customers(sim, accessToken)).status).toBe(503);
    expect((await customers(sim, accessToken)).status).toBe(503);
    expect((await customers(sim, accessToken)).status).toBe(200);

    await control(sim, 'POST', 'faults', { times: 5, status: 500 });
    expect((await control(sim, 'DELETE', 'faults')).status).toBe(204);
    expect((await customers(sim, accessToken)).status).toBe(200);
  });

  it('refuses a malformed fault and unknown controls', async () => {
    const sim = await start();
    expect((await control(sim, 'POST', 'faults', { times: 0, status: 503 })).status).toBe(400);
    expect((await control(sim, 'POST', 'faults', { times: 1, status: 404 })).status).toBe(400);
    const notJson = await fetch(`${sim.url}/simulator/faults`, { method: 'POST', body: '{' });
    expect(notJson.status).toBe(400);
    expect((await control(sim, 'POST', 'nothing')).status).toBe(404);
    expect((await control(sim, 'GET', 'revoke-consent')).status).toBe(404);
  });
});
