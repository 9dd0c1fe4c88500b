import { setTimeout as sleep } from 'node:timers/promises';
import {
  HEARTBEAT_SECONDS,
  MAX_CLAIM_WAIT_SECONDS,
  PROTOCOL_VERSION,
  type ResultBody,
  type WorkItem,
} from '../../server/src/providers/visma-admin/protocol';
import { KeyRefusedError, type ProtocolClient, RequestRefusedError } from './client';
import type { VismaAdministration } from './visma';

export const CONNECTOR_VERSION = '1.0.0';

export interface ConnectorOptions {
  client: ProtocolClient;
  /** The program's side (visma.ts): the simulated company we ship, or one on Visma's ADK. */
  visma: VismaAdministration;
  /** The PC's name, shown on the integrations page. */
  machine: string;
  /** Defaults to the server's answer to register (30 s). */
  heartbeatMs?: number;
  /** How long a claim may wait on the server (≤ 25 s). */
  claimWaitSeconds?: number;
  /** Items to lease per claim. */
  claimMax?: number;
  /** Backoff while the server is unreachable: doubles from `initialMs` up to `maxMs`, with jitter. */
  backoff?: { initialMs: number; maxMs: number };
  log?: (message: string) => void;
}

export type ConnectorState = 'stopped' | 'starting' | 'running' | 'server_unreachable' | 'key_refused';

/**
 * The connector's life: register, then claim work in a long-poll loop and post each result,
 * with a heartbeat every 30 s beside it. When the server cannot be reached it waits with
 * exponential backoff and jitter and registers again; a result that could not be posted is
 * kept and posted first when the server is back, because the change is already made in Visma.
 */
export class Connector {
  state: ConnectorState = 'stopped';
  private abort = new AbortController();
  private loop: Promise<void> | null = null;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private readonly unposted: { id: string; result: ResultBody }[] = [];
  private readonly log: (message: string) => void;

  constructor(private readonly options: ConnectorOptions) {
    this.log = options.log ?? ((message) => console.log(`${new Date().toISOString()} ${message}`));
  }

  start(): void {
    if (this.loop) return;
    this.abort = new AbortController();
    this.state = 'starting';
    this.loop = this.run().finally(() => {
      this.state = 'stopped';
    });
  }

  /** Stops claiming and heartbeats; an item in progress is finished and its result posted first. */
  async stop(): Promise<void> {
    this.abort.abort();
    this.stopHeartbeat();
    await this.loop;
    this.loop = null;
  }

  private get stopped() {
    return this.abort.signal.aborted;
  }

  private async run(): Promise<void> {
    const backoff = this.options.backoff ?? { initialMs: 1_000, maxMs: 60_000 };
    let delay = backoff.initialMs;
    let registered = false;
    while (!this.stopped) {
      try {
        await this.postUnposted();
        if (!registered) {
          await this.register();
          registered = true;
        }
        this.state = 'running';
        const { items } = await this.options.client.claim(
          { waitSeconds: this.options.claimWaitSeconds ?? MAX_CLAIM_WAIT_SECONDS, max: this.options.claimMax ?? 5 },
          this.abort.signal,
        );
        for (const item of items) {
          const result = await this.execute(item);
          this.unposted.push({ id: item.id, result });
          await this.postUnposted();
        }
        delay = backoff.initialMs;
      } catch (error) {
        if (this.stopped) break;
        if (error instanceof KeyRefusedError) {
          this.state = 'key_refused';
          this.log('The server refused the connector key. Enter the current key from the integrations page.');
        } else {
          this.state = 'server_unreachable';
          this.log(
            `Server not reachable (${error instanceof Error ? error.message : String(error)}); retrying in ${Math.round(delay / 1000)} s.`,
          );
        }
        // The server may have lost us (restarted, key rotated back): register again when it answers.
        registered = false;
        this.stopHeartbeat();
        const jittered = delay / 2 + Math.random() * (delay / 2);
        await sleep(jittered, undefined, { signal: this.abort.signal }).catch(() => undefined);
        delay = Math.min(delay * 2, backoff.maxMs);
      }
    }
    // Results of work already done in Visma are worth one last try.
    await this.postUnposted().catch(() => undefined);
  }

  private async register(): Promise<void> {
    const company = this.options.visma.company();
    const answer = await this.options.client.register({
      protocolVersion: PROTOCOL_VERSION,
      connectorVersion: CONNECTOR_VERSION,
      machine: this.options.machine,
      company,
    });
    const simulated = this.options.visma.backend === 'simulator' ? ', a simulated company' : '';
    this.log(`Registered with the server for ${company.name} (${company.database}${simulated}).`);
    this.startHeartbeat(this.options.heartbeatMs ?? (answer.heartbeatSeconds || HEARTBEAT_SECONDS) * 1000);
  }

  private startHeartbeat(ms: number): void {
    this.stopHeartbeat();
    this.heartbeatTimer = setInterval(() => {
      this.options.client.heartbeat({ busy: this.unposted.length }).catch((error: unknown) => {
        this.log(`Heartbeat failed: ${error instanceof Error ? error.message : String(error)}`);
      });
    }, ms);
    this.heartbeatTimer.unref();
  }

  private stopHeartbeat(): void {
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = null;
  }

  private async execute(item: WorkItem): Promise<ResultBody> {
    try {
      return await this.options.visma.execute(item);
    } catch (error) {
      return {
        ok: false,
        error: { kind: 'unavailable', code: 'ADKE_INTERNAL', message: error instanceof Error ? error.message : String(error) },
      };
    }
  }

  /** Posts kept results in order; stops at the first that cannot be delivered (the caller backs off). */
  private async postUnposted(): Promise<void> {
    while (this.unposted.length > 0) {
      const next = this.unposted[0];
      if (!next) break;
      try {
        await this.options.client.result(next.id, next.result);
      } catch (error) {
        // Refused outright (unknown item, malformed): retrying cannot help.
        if (!(error instanceof RequestRefusedError)) throw error;
        this.log(`The server refused the result of ${next.id}: ${error.message}`);
      }
      this.unposted.shift();
    }
  }
}
