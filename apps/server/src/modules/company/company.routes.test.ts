import { type Company, VALIDATION_MESSAGES } from '@fairway/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../../../test/fixtures/accounting';
import { clubFile } from '../../../test/fixtures/club';
import { addMember } from '../../../test/fixtures/users';
import { organisations } from '../organizations/organizations.tables';

const { app, a, b, aDrift, aOther, aAccountant } = await clubFile({ alfa: { organisationNumber: '802499-1237' } });
const aManager = await addMember(app, a, 'Manager');

// No Accept-Language unless a test gives one: the answers are then in the server's default, Swedish.
const { api } = apiAs(app, { lang: null });

async function orgRow(id: string) {
  const [row] = await app.db.select().from(organisations).where(eq(organisations.id, id));
  return row;
}

describe('GET /company', () => {
  it('answers the organisation in use with its club accounts', async () => {
    const res = await api('GET', '/company', aOther);
    expect(res.statusCode).toBe(200);
    const company = (res.json() as { data: Company }).data;
    expect(company).toMatchObject({
      id: a.organisationId,
      name: 'Alfa GK',
      organisationNumber: '802499-1237',
      customerNumber: a.customerNumber,
      country: 'Sverige',
      packageId: 'enterprise',
      accountingProgram: 'fortnox',
    });
    expect(company.clubAccounts.map((c) => c.id)).toEqual([a.clubAccountId, aDrift]);
    expect(JSON.stringify(company)).not.toContain('Beta GK');
  });

  it('needs a token and takes no query', async () => {
    expect((await api('GET', '/company', null)).statusCode).toBe(401);
    expect((await api('GET', '/company?id=x', aOther)).statusCode).toBe(400);
  });
});

describe('GET /company/{id}', () => {
  it('answers the own organisation by id and 404 for any other', async () => {
    const own = await api('GET', `/company/${a.organisationId}`, aAccountant);
    expect(own.statusCode).toBe(200);
    expect((own.json() as { data: Company }).data.id).toBe(a.organisationId);

    const other = await api('GET', `/company/${b.organisationId}`, a.owner);
    expect(other.statusCode).toBe(404);
    expect(JSON.stringify(other.json())).not.toContain('Beta');
    expect((await api('GET', `/company/${a.organisationId}`, b.owner)).statusCode).toBe(404);
  });

  it('refuses an id that is not a uuid', async () => {
    const res = await api('GET', '/company/42', a.owner);
    expect(res.statusCode).toBe(400);
    expect((res.json() as { error: Record<string, string[]> }).error).toHaveProperty('id');
  });
});

describe('PUT /company/{id}', () => {
  it('changes the organisation with company.write', async () => {
    const res = await api('PUT', `/company/${a.organisationId}`, aManager, {
      name: 'Alfa Golfklubb',
      organisationNumber: '802499-1237',
      invoiceAddress: 'Box 123',
      city: 'Uppsala',
      zipCode: '752 67',
      country: 'Sverige',
      billingEmail: 'Ekonomi@Alfa.se',
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { data: Company }).data).toMatchObject({
      name: 'Alfa Golfklubb',
      invoiceAddress: 'Box 123',
      city: 'Uppsala',
      zipCode: '752 67',
      billingEmail: 'ekonomi@alfa.se',
    });
    const cleared = await api('PUT', `/company/${a.organisationId}`, a.owner, { invoiceAddress: '' });
    expect((cleared.json() as { data: Company }).data).toMatchObject({ invoiceAddress: null, city: 'Uppsala' });
  });

  it('needs company.write', async () => {
    const before = await orgRow(a.organisationId);
    expect((await api('PUT', `/company/${a.organisationId}`, aAccountant, { name: 'Nope' })).statusCode).toBe(403);
    expect((await api('PUT', `/company/${a.organisationId}`, aOther, { name: 'Nope' })).statusCode).toBe(403);
    expect(await orgRow(a.organisationId)).toEqual(before);
  });

  it('answers 404 for another organisation and changes nothing', async () => {
    const before = await orgRow(b.organisationId);
    const res = await api('PUT', `/company/${b.organisationId}`, a.owner, { name: 'Taken over' });
    expect(res.statusCode).toBe(404);
    expect(await orgRow(b.organisationId)).toEqual(before);
  });

  it('refuses bad bodies with field messages and writes nothing', async () => {
    const before = await orgRow(a.organisationId);
    const orgMessage = VALIDATION_MESSAGES.org_number.sv;
    const cases: [object, string, string | undefined][] = [
      [{ organisationNumber: '802499-1238' }, 'organisationNumber', orgMessage],
      [{ organisationNumber: '8024991237' }, 'organisationNumber', orgMessage],
      [{ name: '' }, 'name', VALIDATION_MESSAGES.required.sv],
      [{ name: 'x'.repeat(121) }, 'name', undefined],
      [{ zipCode: '12345678901' }, 'zipCode', undefined],
      [{ billingEmail: 'nope' }, 'billingEmail', undefined],
      [{ city: 12 }, 'city', undefined],
      [{ customerNumber: '1' }, 'customerNumber', VALIDATION_MESSAGES.unknown_field.sv],
      [{ packageId: 'free' }, 'packageId', undefined],
    ];
    for (const [payload, field, message] of cases) {
      const res = await api('PUT', `/company/${a.organisationId}`, a.owner, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const error = (res.json() as { error: Record<string, string[]> }).error;
      expect(error[field], JSON.stringify(error)).toBeDefined();
      if (message) expect(error[field]).toContain(message);
    }
    const english = await api('PUT', `/company/${a.organisationId}`, a.owner, { organisationNumber: '123' }, 'en');
    expect((english.json() as { error: Record<string, string[]> }).error).toEqual({
      organisationNumber: [VALIDATION_MESSAGES.org_number.en],
    });
    expect((await api('PUT', '/company/not-an-id', a.owner, { name: 'x' })).statusCode).toBe(400);
    expect(await orgRow(a.organisationId)).toEqual(before);
  });
});
