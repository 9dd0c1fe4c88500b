import type { GolfClub, Package } from '@fairway/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { App } from '../../app';
import { GOLF_CLUBS } from '../../db/seed/golf-clubs';
import { seedReferenceData } from '../../db/seed/reference-data';
import { packages } from './landing.tables';

let t: TestApp;
let app: App;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  await seedReferenceData(app.db);
});

afterAll(async () => {
  await t?.close();
});

describe('GET /landing_page/packages', () => {
  it('answers the active packages in order without a token', async () => {
    await app.db.update(packages).set({ active: false }).where(eq(packages.id, 'plus'));
    try {
      const res = await app.inject({ method: 'GET', url: '/api/v1/landing_page/packages/' });
      expect(res.statusCode).toBe(200);
      const data = (res.json() as { data: Package[] }).data;
      expect(data.map((p) => p.id)).toEqual(['free', 'small', 'standard', 'enterprise']);
      expect(data[0]).toEqual({
        id: 'free',
        name: 'Free',
        invoicesPerMonth: 25,
        maxUsers: 1,
        maxClubAccounts: 1,
        monthlyPriceOre: 0,
        sortOrder: 1,
      });
      expect(Object.keys(data[0] as object)).not.toContain('active');
    } finally {
      await seedReferenceData(app.db);
    }
  });

  it('takes no query', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/landing_page/packages?all=1' });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /landing_page/golf_clubs', () => {
  it('answers every club in Swedish order without a token', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/landing_page/golf_clubs' });
    expect(res.statusCode).toBe(200);
    const data = (res.json() as { data: GolfClub[] }).data;
    expect(data).toHaveLength(GOLF_CLUBS.length);
    const names = data.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('sv').compare));
    // Å, Ä and Ö come after Z in Swedish.
    expect(names.at(-1)?.startsWith('Ö')).toBe(true);
    expect(data).toContainEqual({ id: 'stockholms-gk', name: 'Stockholms GK', city: 'Danderyd', district: 'Stockholm' });
  });

  it('searches name, town and district', async () => {
    const byName = (await app
      .inject({ method: 'GET', url: '/api/v1/landing_page/golf_clubs?search=falsterbo' })
      .then((r) => r.json())) as { data: GolfClub[] };
    expect(byName.data.map((c) => c.name).sort()).toEqual(['Falsterbo GK', 'Flommens GK']);
    const byDistrict = (await app
      .inject({ method: 'GET', url: '/api/v1/landing_page/golf_clubs?search=Gotland' })
      .then((r) => r.json())) as { data: GolfClub[] };
    expect(byDistrict.data.every((c) => c.district === 'Gotland')).toBe(true);
    expect(byDistrict.data.map((c) => c.name)).toContain('Visby GK');
  });

  it('refuses bad queries', async () => {
    for (const query of [`search=${'g'.repeat(101)}`, 'district=Skåne']) {
      const res = await app.inject({ method: 'GET', url: `/api/v1/landing_page/golf_clubs?${query}` });
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe('GET /landing_page/tiers', () => {
  it("answers the duplicate detector's tiers without a token, cheapest first", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/landing_page/tiers' });
    expect(res.statusCode).toBe(200);
    const data = (res.json() as { data: { id: string; monthlyPriceOre: number; resources: string[] }[] }).data;
    expect(data.map((tier) => tier.id)).toEqual(['start', 'business', 'pro']);
    expect(data.map((tier) => tier.monthlyPriceOre)).toEqual([29_500, 69_500, 149_500]);
    expect(data[0]?.resources).toEqual(['invoice', 'supplier_invoice']);
    expect(data[2]?.resources).toEqual(['invoice', 'supplier_invoice', 'order', 'voucher']);
  });
});
