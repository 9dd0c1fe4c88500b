import { writeFileSync } from 'node:fs';
import fp from 'fastify-plugin';
import { it } from 'vitest';
import { z } from 'zod';
import { createTestApp } from '../test/test-app';
import { routeModules } from './index';

const routes: any[] = [];
const collector = fp(async (app) => {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: route.url, schema: route.schema });
    }
  });
});
it('dumps', async () => {
  const t = await createTestApp({}, { modules: [collector, ...routeModules] });
  const out = routes.map((r) => {
    const s = r.schema ?? {};
    const j = (x: any) => {
      try {
        return x ? z.toJSONSchema(x, { io: 'input', unrepresentable: 'any' }) : undefined;
      } catch (e) {
        return String(e);
      }
    };
    return { method: r.method, url: r.url, sec: !!s.security, params: j(s.params), query: j(s.querystring), body: j(s.body) };
  });
  writeFileSync('/tmp/h2/routes.json', JSON.stringify(out, null, 1));
  await t.close();
}, 60000);
