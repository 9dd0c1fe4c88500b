import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, connectedWorld } from '../../../../test/fixtures/accounting';
import type { TestOrganisation } from '../../../../test/fixtures/users';
import type { TestApp } from '../../../../test/test-app';
import type { App } from '../../../app';
import { asSchemaOwner } from '../../../db/tenant-context';
import type { FortnoxSimulator } from '../../../providers/fortnox/simulator/index';
import { customers } from '../../customers/customers.tables';
import { queueMirrorRefresh } from './queue';
import { mirrorRefreshRuns, runMirrorRefresh } from './refresh.service';
import { accountingSyncRuns } from './refresh.tables';

let t: TestApp;
let app: App;
let sim: FortnoxSimulator;
let a: TestOrganisation;

beforeAll(async () => {
  ({ t, app, sim, a } = await connectedWorld());
});

afterAll(async () => {
  await t?.close();
});

const target = () => ({ organisationId: a.organisationId, clubAccountId: a.clubAccountId });
const simCustomer = (name: string) => sim.store.createCustomer(sim.store.tenant(sim.defaultTenantId), { Name: name });

/** One attempt at a refresh; `lastAttempt` makes it the run's last, so a failure is final. */
async function refresh(options: { lastAttempt?: boolean } = {}) {
  const runId = await queueMirrorRefresh(app, target(), 'manual');
  if (options.lastAttempt) {
    await app.db
      .update(accountingSyncRuns)
      .set({ attempts: mirrorRefreshRuns.maxAttempts - 1 })
      .where(eq(accountingSyncRuns.id, runId));
  }
  await runMirrorRefresh(app, runId);
  const [run] = await app.db.select().from(accountingSyncRuns).where(eq(accountingSyncRuns.id, runId));
  return run!;
}

async function mirroredName(number: string) {
  const [row] = await app.db
    .select({ name: customers.name })
    .from(customers)
    .where(and(eq(customers.clubAccountId, a.clubAccountId), eq(customers.number, number)));
  return row?.name;
}

describe('what the accounting program holds that PostgreSQL cannot store', () => {
  it('a customer whose name has a NUL and a lone surrogate is mirrored cleaned, and the refresh succeeds', async () => {
    const odd = simCustomer('Kund\u0000 \ud800AB');
    const run = await refresh();
    expect(run.status).toBe('succeeded');
    expect(await mirroredName(odd.CustomerNumber)).toBe('Kund \ufffdAB');
  });

  it('a document the database still refuses is skipped with an event-log line, and the rest is mirrored', async () => {
    await asSchemaOwner(() =>
      app.database.executeSql("alter table customers add constraint test_refused check (name <> 'Vägrad AB')"),
    );
    try {
      const refused = simCustomer('Vägrad AB');
      const fine = simCustomer('Godtagen AB');
      const run = await refresh();
      expect(run.status).toBe('succeeded');
      expect(await mirroredName(refused.CustomerNumber)).toBeUndefined();
      expect(await mirroredName(fine.CustomerNumber)).toBe('Godtagen AB');
      const log = await apiAs(app).get('/eventlogs?type=ERROR', a.owner, 'en');
      expect(log.statusCode).toBe(200);
      expect(log.json().data[0]).toMatchObject({
        activity: `Document ${refused.CustomerNumber} from the accounting program could not be saved in the portal and was skipped`,
        error: expect.stringContaining('cannot be saved'),
        type: 'ERROR',
      });
    } finally {
      await asSchemaOwner(() => app.database.executeSql('alter table customers drop constraint test_refused'));
    }
  });

  it('a database failure during a refresh shows a reason in the API, never SQL', async () => {
    simCustomer('Ännu en kund AB');
    await asSchemaOwner(() => app.database.executeSql('alter table customers rename column city to city_moved'));
    let run: Awaited<ReturnType<typeof refresh>>;
    try {
      run = await refresh({ lastAttempt: true });
    } finally {
      await asSchemaOwner(() => app.database.executeSql('alter table customers rename column city_moved to city'));
    }
    expect(run.status).toBe('failed');
    const { get } = apiAs(app);
    for (const lang of ['sv', 'en']) {
      const answers = [await get('/synchronize', a.owner, lang), await get('/eventlogs?type=ERROR', a.owner, lang)];
      for (const answer of answers) {
        expect(answer.statusCode).toBe(200);
        expect(answer.body).not.toMatch(/failed query|insert into|select |city_moved|column/i);
      }
      const sync = answers[0]!.json().data;
      expect(sync).toMatchObject({ id: run.id, status: 'failed' });
      expect(sync.error).toBe(
        lang === 'sv'
          ? 'Ett oväntat fel inträffade. Försök igen senare, eller kontakta supporten om felet kvarstår.'
          : 'An unexpected error occurred. Try again later, or contact support if it persists.',
      );
    }
    const [latest] = await app.db
      .select({ error: accountingSyncRuns.error })
      .from(accountingSyncRuns)
      .orderBy(desc(accountingSyncRuns.createdAt))
      .limit(1);
    expect(latest?.error).not.toMatch(/insert into/i);
  });
});
