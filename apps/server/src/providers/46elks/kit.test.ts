import { afterEach, describe, expect, it } from 'vitest';
import { SimulatorHost } from '../accounting/simulator-host';
import { smsProviderAccess } from './kit';
import { startElksSimulator } from './simulator/index';

let host: SimulatorHost;

afterEach(async () => {
  await host.close();
});

describe('smsProviderAccess', () => {
  it('sends through the 46elks simulator, started on first use, when no account is configured', async () => {
    host = new SimulatorHost(null);
    const access = smsProviderAccess(null, host);
    expect(access.simulated).toBe(true);
    expect(await host.runningUrl('46elks')).toBeNull();
    const sent = await (await access.client()).send({ from: 'Fairway', to: '+46701740645', message: 'Hej!' });
    expect(sent.id).toMatch(/^s[0-9a-f]{32}$/);
    expect(await host.runningUrl('46elks')).not.toBeNull();
  });

  it('sends with the configured account, to the configured API', async () => {
    host = new SimulatorHost(null);
    const sim = await startElksSimulator({ accounts: [{ username: 'u0real', password: 'real-secret' }] });
    try {
      const access = smsProviderAccess({ username: 'u0real', password: 'real-secret', apiUrl: sim.apiUrl }, host);
      expect(access.simulated).toBe(false);
      await (await access.client({ timeoutMs: 5_000 })).send({ from: 'Fairway', to: '+46701740645', message: 'Hej!' });
      expect(sim.messages).toHaveLength(1);
      expect(await host.runningUrl('46elks')).toBeNull();
    } finally {
      await sim.close();
    }
  });
});
