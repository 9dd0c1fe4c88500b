import fp from 'fastify-plugin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/test-app';
import { secondPaths } from '../lib/spec-paths';
import { routeModules } from './index';

interface CollectedRoute {
  method: string;
  url: string;
  schema: { body?: unknown; querystring?: unknown; params?: unknown; response?: Record<string, unknown> } | undefined;
}

/**
 * The API contract (docs/api.md#contract) as a check over every route under /api/v1: each declares its response schema
 * (an allow-list), every string it accepts is bounded, and every object refuses unknown fields.
 * A route added later without these fails here, not in production.
 */
const routes: CollectedRoute[] = [];
const collector = fp(async (app) => {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: route.url, schema: route.schema as CollectedRoute['schema'] });
    }
  });
});

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;
type CheckDef = { check: string; format?: string };
const checksOf = (def: Def) => ((def.checks as { _zod: { def: CheckDef } }[] | undefined) ?? []).map((c) => c._zod.def);
const hasCheck = (def: Def, kinds: string[]) => checksOf(def).some((c) => kinds.includes(c.check));
const FIXED_FORMATS = ['uuid', 'guid'];

/** Lists the places inside a zod schema that break the contract, by path. */
function problems(schema: unknown, path: string): string[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'string': {
      // Fixed formats (uuid …) are bounded by their pattern; free text needs a maximum.
      const bounded =
        hasCheck(def, ['max_length', 'length_equals']) ||
        FIXED_FORMATS.includes(String(def.format)) ||
        checksOf(def).some((c) => c.check === 'string_format' && FIXED_FORMATS.includes(String(c.format)));
      return bounded ? [] : [`${path}: unbounded string`];
    }
    case 'object': {
      const strict = def.catchall !== undefined && defOf(def.catchall).type === 'never';
      const own = strict ? [] : [`${path}: accepts unknown fields`];
      const shape = def.shape as Record<string, unknown>;
      return [...own, ...Object.entries(shape).flatMap(([k, v]) => problems(v, `${path}.${k}`))];
    }
    case 'array':
      return [
        ...(hasCheck(def, ['max_length', 'length_equals']) ? [] : [`${path}: unbounded array`]),
        ...problems(def.element, `${path}[]`),
      ];
    case 'union':
      return (def.options as unknown[]).flatMap((o, i) => problems(o, `${path}|${i}`));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return problems(def.innerType, path);
    case 'pipe':
      return problems(def.in, path);
    case 'record':
      return [`${path}: records are not accepted as input`];
    default:
      // number, boolean, enum, literal, date …: bounded by type.
      return [];
  }
}

describe('the API contract of every route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { modules: [collector, ...routeModules] });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sees the routes of every feature', () => {
    const urls = routes.map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      'POST /api/v1/auth/login',
      'POST /api/v1/auth/signup',
      'POST /api/v1/jwt/refresh-token',
      'GET /api/v1/users/me',
      'PUT /api/v1/users/:id',
      'GET /api/v1/company',
      'GET /api/v1/organizations',
      'GET /api/v1/landing_page/packages',
      'GET /api/v1/notifications',
      'GET /api/v1/eventlogs',
      'GET /api/v1/configurations',
      'GET /api/v1/subscriptions',
      'GET /api/v1/billings',
      'POST /api/v1/permissions/roles',
      'GET /api/v1/segments/customers',
      'GET /api/v1/segments/info/articles/:id',
      'GET /api/v1/member_care/templates',
      'POST /api/v1/member_care/templates/:id/duplicate',
      'GET /api/v1/member_care/templates/ready',
      'POST /api/v1/member_care/templates/ready/:key/copy',
      'POST /api/v1/member_care/newsletter/images',
    ]) {
      expect(urls.some((u) => u === expected || u === `${expected}/`)).toBe(true);
    }
  });

  it('serves every second path (apps/server/src/lib/spec-paths.ts) with the schema of our own path', () => {
    const byRoute = new Map(routes.map((r) => [`${r.method} ${r.url}`, r]));
    for (const { method, path, ours } of secondPaths()) {
      const second = byRoute.get(`${method} /api/v1${path}`);
      expect(second, `${method} ${path}`).toBeDefined();
      expect(second?.schema).toEqual(byRoute.get(`${method} /api/v1${ours}`)?.schema);
    }
  });

  it('declares a response schema on every route', () => {
    // File downloads answer bytes, not JSON: there is nothing to allow-list.
    const fileRoutes = ['GET /api/v1/users/:id/image', 'GET /api/v1/member_care/newsletter/images/:id'];
    const missing = routes.filter(
      (r) => !fileRoutes.includes(`${r.method} ${r.url}`) && (!r.schema?.response || Object.keys(r.schema.response).length === 0),
    );
    expect(missing.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('bounds every string and refuses unknown fields in params, query and body', () => {
    const found = routes.flatMap((r) =>
      (['params', 'querystring', 'body'] as const).flatMap((part) => {
        const schema = r.schema?.[part] as z.ZodType | undefined;
        return schema ? problems(schema, `${r.method} ${r.url} ${part}`) : [];
      }),
    );
    expect(found).toEqual([]);
  });
});
