import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, connectThroughConsent, runQueuedRefreshes, useFortnoxSimulator } from '../../../test/fixtures/accounting';
import { createOrganisation, type TestOrganisation } from '../../../test/fixtures/users';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { App } from '../../app';
import { FORTNOX_SCOPES } from '../../providers/fortnox/oauth';
import { accountingSyncRuns } from '../accounting/refresh/refresh.tables';
import { eventLogs } from '../eventlogs/eventlogs.tables';
import type { DocumentResource } from './documents.mirror';
import { accountingDocuments, duplicateScans } from './duplicates.tables';

/**
 * On a Fairway server (BRAND=fairway), a golf club whose package includes the duplicates module
 * (Plus and up) has Dubbelkoll's purchasing documents read and scanned like a Dubbelkoll company;
 * one without the module has neither (docs/duplicates.md#mirror).
 */
let t: TestApp;
let app: App;
let plus: TestOrganisation;
let standard: TestOrganisation;
let refusing: TestOrganisation;

const documentsOf = (org: TestOrganisation, resource: DocumentResource) =>
  app.db
    .select({ number: accountingDocuments.number })
    .from(accountingDocuments)
    .where(and(eq(accountingDocuments.clubAccountId, org.clubAccountId), eq(accountingDocuments.resource, resource)));

const scansOf = (org: TestOrganisation) =>
  app.db.select().from(duplicateScans).where(eq(duplicateScans.clubAccountId, org.clubAccountId));

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  await useFortnoxSimulator(app, 'demo');
  plus = await createOrganisation(app, { name: 'Plusklubbens GK', packageId: 'plus' });
  standard = await createOrganisation(app, { name: 'Standardklubbens GK', packageId: 'standard' });
  refusing = await createOrganisation(app, { name: 'Äldre kopplingens GK', packageId: 'plus' });
  await connectThroughConsent(app, plus.owner);
  await connectThroughConsent(app, standard.owner);
  // Connected before the portal asked for the supplier permissions.
  const withoutSuppliers = FORTNOX_SCOPES.split(' ')
    .filter((s) => s !== 'supplier' && s !== 'supplierinvoice')
    .join(' ');
  await connectThroughConsent(app, refusing.owner, withoutSuppliers);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('duplicate detection of a golf club (BRAND=fairway)', () => {
  it('a club with the duplicates module has its purchasing documents read and a scan queued after the refresh', async () => {
    expect(app.config.BRAND).toBe('fairway');
    await runQueuedRefreshes(app, plus, { invoiceReads: 0 });
    expect((await documentsOf(plus, 'supplier_invoice')).length).toBeGreaterThan(100);
    expect((await documentsOf(plus, 'order')).length).toBeGreaterThan(0);
    expect((await documentsOf(plus, 'voucher')).length).toBeGreaterThan(0);
    expect((await scansOf(plus)).map((s) => s.kind)).toEqual(['full']);
  }, 120_000);

  it('a connection without the supplier permissions refreshes the rest, says supplier invoices are refused, once, and reads them after a new connection', async () => {
    await runQueuedRefreshes(app, refusing, { invoiceReads: 0 });
    const runs = await app.db
      .select()
      .from(accountingSyncRuns)
      .where(eq(accountingSyncRuns.clubAccountId, refusing.clubAccountId));
    expect(runs.map((r) => r.status)).toEqual(['succeeded']);
    expect(await documentsOf(refusing, 'supplier_invoice')).toEqual([]);
    expect((await documentsOf(refusing, 'order')).length).toBeGreaterThan(0);
    expect((await documentsOf(refusing, 'voucher')).length).toBeGreaterThan(0);
    expect((await scansOf(refusing)).map((s) => s.kind)).toEqual(['full']);

    const { get } = apiAs(app);
    const offered = async () =>
      (
        (await get('/available-resources', refusing.owner)).json().data as {
          resource: string;
          available: boolean;
          refused: boolean;
        }[]
      ).map((r) => [r.resource, r.available, r.refused]);
    expect(await offered()).toEqual([
      ['invoice', true, false],
      ['supplier_invoice', false, true],
      ['order', true, false],
      ['voucher', true, false],
    ]);
    const refusals = async () =>
      (await app.db.select().from(eventLogs).where(eq(eventLogs.clubAccountId, refusing.clubAccountId))).filter(
        (e) => e.activity === 'accounting.event.resourceRefused',
      );
    // Suppliers and supplier invoices, each said once.
    expect(await refusals()).toHaveLength(2);

    // The next refresh is refused again, and says nothing new.
    await app.inject({ method: 'POST', url: '/api/v1/synchronize', headers: refusing.owner.headers });
    await runQueuedRefreshes(app, refusing, { invoiceReads: 0 });
    expect(await refusals()).toHaveLength(2);

    // Connected again with every permission: the supplier invoices are read and offered.
    await connectThroughConsent(app, refusing.owner);
    await app.inject({ method: 'POST', url: '/api/v1/synchronize', headers: refusing.owner.headers });
    await runQueuedRefreshes(app, refusing, { invoiceReads: 0 });
    expect((await documentsOf(refusing, 'supplier_invoice')).length).toBeGreaterThan(100);
    expect(await offered()).toContainEqual(['supplier_invoice', true, false]);
  }, 240_000);

  it('a club without it reads none of them and queues no scan', async () => {
    await runQueuedRefreshes(app, standard, { invoiceReads: 0 });
    expect(await documentsOf(standard, 'supplier_invoice')).toEqual([]);
    expect(await documentsOf(standard, 'voucher')).toEqual([]);
    expect(await scansOf(standard)).toEqual([]);
  }, 120_000);
});
