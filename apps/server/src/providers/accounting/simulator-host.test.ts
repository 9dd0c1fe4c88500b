import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FortnoxSimulator } from '../fortnox/simulator/index';
import { CLOUD_KITS, type CloudProviderKit } from './registry';
import { SimulatorHost } from './simulator-host';

/** The demo wiring: what the portal holds for the demo accounts still works after a restart. */

let dataDir: string;
const hosts: SimulatorHost[] = [];

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'fairway-sims-'));
});

afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()));
  rmSync(dataDir, { recursive: true, force: true });
});

function host() {
  const created = new SimulatorHost(dataDir);
  hosts.push(created);
  return created;
}

async function restart(old: SimulatorHost) {
  hosts.splice(hosts.indexOf(old), 1);
  await old.close();
  return host();
}

const kit = (id: CloudProviderKit['id']) => CLOUD_KITS.find((k) => k.id === id) as CloudProviderKit;
const fortnox = kit('fortnox');
const visma = kit('visma_eekonomi');

async function serviceToken(url: string) {
  const { clientId, clientSecret } = fortnox.simulatorClient;
  const response = await fetch(`${url}/oauth-v1/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
      tenantid: fortnox.simulatorTenantId ?? '',
    },
    body: 'grant_type=client_credentials',
  });
  return { status: response.status, body: (await response.json()) as { access_token: string } };
}

describe('SimulatorHost with a DATA_DIR', () => {
  it('keeps the Fortnox demo company and its service consent across a restart', async () => {
    const first = host();
    const url = await first.url(fortnox);
    const granted = await serviceToken(url);
    expect(granted.status).toBe(200);
    const created = await fetch(`${url}/3/customers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${granted.body.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ Customer: { Name: 'Demo Efter Omstart AB', Type: 'COMPANY' } }),
    });
    const number = ((await created.json()) as { Customer: { CustomerNumber: string } }).Customer.CustomerNumber;

    const second = await restart(first);
    expect(existsSync(path.join(dataDir, 'simulators', 'fortnox.json'))).toBe(true);
    const url2 = await second.url(fortnox);
    const read = await fetch(`${url2}/3/customers/${number}`, {
      headers: { authorization: `Bearer ${granted.body.access_token}` },
    });
    expect(read.status).toBe(200);
    expect((await serviceToken(url2)).status).toBe(200);
  });

  it('does not lift a Fortnox consent the demo revoked', async () => {
    const first = host();
    const sim = (await first.simulator(fortnox)) as unknown as FortnoxSimulator;
    sim.auth.revokeConsent(sim.defaultTenantId);
    const second = await restart(first);
    expect((await serviceToken(await second.url(fortnox))).status).toBe(400);
  });

  it('keeps the Visma eEkonomi tokens the demo account holds', async () => {
    const first = host();
    const tokens = (await first.simulator(visma)).demoTokens?.();
    expect(tokens).toBeDefined();
    const second = await restart(first);
    expect(existsSync(path.join(dataDir, 'simulators', 'visma_eekonomi.json'))).toBe(true);
    const answer = await fetch(`${await second.url(visma)}/v2/companysettings`, {
      headers: { authorization: `Bearer ${tokens?.accessToken}` },
    });
    expect(answer.status).toBe(200);
  });
});
