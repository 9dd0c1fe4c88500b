import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

type Doc = { paths: Record<string, Record<string, unknown>> };

let development: TestApp;
let production: TestApp;

beforeAll(async () => {
  development = await createTestApp();
  production = await createTestApp({ NODE_ENV: 'production' });
});
afterAll(async () => {
  await development?.close();
  await production?.close();
});

async function documentOf(t: TestApp): Promise<Doc> {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  return res.json() as Doc;
}

describe('the OpenAPI document', () => {
  it('lists the platform-admin routes outside production', async () => {
    const doc = await documentOf(development);
    expect(doc.paths['/api/v1/help_admin/content']).toHaveProperty('get');
    expect(doc.paths['/api/v1/blog']).toHaveProperty('post');
    expect(doc.paths['/api/v1/helptexts/{key}']).toHaveProperty('put');
  });

  it('leaves them out in production, and keeps every route clubs call', async () => {
    const doc = await documentOf(production);
    const admin = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => (operation as { tags?: string[] }).tags?.includes('help admin'))
        .map(([method]) => `${method} ${path}`),
    );
    // Only the call every signed-in user makes (whether they may edit) stays.
    expect(admin).toEqual(['get /api/v1/help_admin/me']);
    expect(doc.paths['/api/v1/help_admin/content']).toBeUndefined();
    expect(doc.paths['/api/v1/blog']).toHaveProperty('get');
    expect(doc.paths['/api/v1/blog']).not.toHaveProperty('post');
    expect(doc.paths['/api/v1/customers']).toHaveProperty('get');
    expect(Object.keys(doc.paths).length).toBeGreaterThan(100);
  });

  it('still guards those routes in production', async () => {
    const res = await production.app.inject({ method: 'GET', url: '/api/v1/help_admin/content' });
    expect(res.statusCode).toBe(401);
  });
});
