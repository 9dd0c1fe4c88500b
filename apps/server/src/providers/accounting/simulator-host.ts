import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { CloudProviderKit, RunningSimulator } from './registry';

/** What the host needs of a simulator: a cloud provider kit, or another system's (GIT). */
export type SimulatorKit = Pick<CloudProviderKit, 'startSimulator'> & { id: string };

/**
 * The in-process simulators of one server process: started on first use (demo mode, or a club
 * connecting without the provider's real OAuth app configured) and closed with the app. Their data
 * is kept in DATA_DIR so documents the demo creates are still there after a restart.
 */
export class SimulatorHost {
  private readonly running = new Map<string, Promise<RunningSimulator>>();

  constructor(private readonly dataDir: string | null) {}

  /** The simulator's origin, starting it if needed. */
  async url(kit: SimulatorKit): Promise<string> {
    return (await this.simulator(kit)).url;
  }

  /** The origin of the simulator of `id` when this process runs one; never starts one. */
  async runningUrl(id: SimulatorKit['id']): Promise<string | null> {
    const simulator = this.running.get(id);
    if (!simulator) return null;
    return simulator.then(
      (running) => running.url,
      () => null,
    );
  }

  /** The running simulator of `kit`, starting it if needed. */
  async simulator(kit: SimulatorKit): Promise<RunningSimulator> {
    let simulator = this.running.get(kit.id);
    if (!simulator) {
      const persistFile = this.dataDir ? path.join(this.dataDir, 'simulators', `${kit.id}.json`) : undefined;
      if (persistFile) mkdirSync(path.dirname(persistFile), { recursive: true });
      simulator = kit.startSimulator({ persistFile });
      this.running.set(kit.id, simulator);
      simulator.catch(() => this.running.delete(kit.id));
    }
    return simulator;
  }

  /** The ids of the simulators started in this process (lib/memory.ts). */
  runningIds(): string[] {
    return [...this.running.keys()];
  }

  /** Tests: use a simulator they started (with their own seed and faults). */
  use(id: SimulatorKit['id'], simulator: RunningSimulator): void {
    this.running.set(id, Promise.resolve(simulator));
  }

  async close(): Promise<void> {
    const all = [...this.running.values()];
    this.running.clear();
    await Promise.allSettled(all.map(async (s) => (await s).close()));
  }
}
