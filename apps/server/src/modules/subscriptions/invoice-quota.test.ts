import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganisation, type TestOrganisation } from '../../../test/fixtures/users';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { App } from '../../app';
import { BusinessError } from '../../lib/errors';
import { assertInvoiceQuota, recordInvoiceUsage } from './subscriptions.service';

let t: TestApp;
let app: App;
let org: TestOrganisation;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  org = await createOrganisation(app, { packageId: 'free' });
});

afterAll(async () => {
  await t?.close();
});

describe('assertInvoiceQuota', () => {
  it("allows invoices up to the package's monthly number and refuses the next with an upgrade hint", async () => {
    const today = '2026-03-14';
    expect(await assertInvoiceQuota(app.db, org.organisationId, 25, today)).toEqual({ limit: 25, used: 0, remaining: 0 });
    await recordInvoiceUsage(app.db, org.organisationId, 20, today);
    expect(await assertInvoiceQuota(app.db, org.organisationId, 5, today)).toEqual({ limit: 25, used: 20, remaining: 0 });

    const refusal = await assertInvoiceQuota(app.db, org.organisationId, 6, today).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(BusinessError);
    const body = (refusal as BusinessError).toBody('en');
    expect(body.eng_message).toBe(
      'The Free package includes up to 25 invoices/month and 20 have already been created this month. Upgrade your subscription under Settings → Subscription to create more invoices.',
    );
    expect(body.message).toContain('Uppgradera abonnemanget');
    expect((refusal as BusinessError).statusCode).toBe(406);
  });

  it('starts afresh each month', async () => {
    expect(await assertInvoiceQuota(app.db, org.organisationId, 25, '2026-04-01')).toMatchObject({ used: 0 });
  });
});
