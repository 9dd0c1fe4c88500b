/**
 * `--explain yes` of the list benchmarks (list-bench.ts): the exact SQL a request runs, caught at
 * the pool every query goes through (apps/server/src/db/client.ts), then run again under
 * `EXPLAIN (ANALYZE, BUFFERS)` as the request ran it (the application role, the organisation's
 * row-level security). Prints each scenario's first path's plans whole and every path's execution
 * times, so the figures of a change can be read apart from the machine's load.
 */
import { withTenant } from '../../apps/server/src/db/tenant-context';
import { type CaughtQuery as Caught, queriesOf } from '../../apps/server/test/fixtures/caught-queries';
import type { TestApp } from '../../apps/server/test/test-app';
import type { Check, Scenario } from './list-bench';

const executionMs = (plan: string) => Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? Number.NaN);

async function explain(t: TestApp, organisationId: string, q: Caught): Promise<string> {
  const pool = t.app.database.pool;
  const run = () => pool.query(`explain (analyze, buffers) ${q.text}`, q.values);
  // The second run: the pages are in the cache, as in the timed scenarios.
  await withTenant(organisationId, run);
  const result = await withTenant(organisationId, run);
  return (result.rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n');
}

/** Whether a caught query is worth a plan (not the pool's own session settings). */
const isListQuery = (q: Caught) => !q.text.startsWith('select set_config(');

/**
 * For every scenario: the plans of its first path's queries, printed whole, and the execution
 * time of each query of every path (the query's first words name it).
 */
export async function explainScenarios(
  db: string,
  t: TestApp,
  organisationId: string,
  scenarios: Scenario[],
  get: Check,
): Promise<void> {
  for (const scenario of scenarios) {
    for (const [i, path] of scenario.paths.entries()) {
      const queries = (await queriesOf(t.app.database.pool, () => get(path))).filter(isListQuery);
      const times: string[] = [];
      for (const q of queries) {
        const plan = await explain(t, organisationId, q);
        times.push(executionMs(plan).toFixed(2));
        if (i === 0) {
          console.log(`\n[${db}] ${scenario.name} — ${path}\n${q.text}\n-- ${JSON.stringify(q.values)}\n${plan}`);
        }
      }
      console.log(`[${db}] explain ${scenario.name} ${path}: execution ms ${times.join(' + ')}`);
    }
  }
}
