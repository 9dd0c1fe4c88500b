import type { ResultBody, WorkItem } from '../../server/src/providers/visma-admin/protocol';

/**
 * What the connector needs of Visma Administration, and all it needs: the company that is open,
 * and one work item carried out. The connector itself (connector.ts: registration, heartbeat,
 * claims, results, retries) knows nothing else of the program, so the program's side can be
 * swapped without touching the protocol:
 *
 * - `simulatedCompany` (company/simulated.ts) is what we ship and the demo: a simulated company in
 *   a JSON file, in Visma Administration's register layout;
 * - a production connector implements this on Visma's integration kit (ADK) on the club's Windows
 *   PC (apps/server/src/providers/visma-admin/PROTOCOL.md, "What a real installation needs").
 *
 * The server does not take a connector's word for what it reaches: the integrations page marks
 * Visma Administration as the simulator whatever `backend` says (PROTOCOL.md says what a real
 * installation needs for that to change).
 */
export interface VismaAdministration {
  /** What the work reaches: `simulator` for the simulated company; a connector on Visma's ADK would say `adk`. */
  readonly backend: 'simulator' | 'adk';
  /** The company open in Visma Administration, as registration reports it. */
  company(): { name: string; database: string };
  /** Carries out one work item; a refusal is a result carrying the program's error. */
  execute(item: WorkItem): Promise<ResultBody> | ResultBody;
}
