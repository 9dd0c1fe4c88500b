import { connect } from 'node:net';
import { encodeMessage } from '@fairway/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addMember, createOrganisation } from '../test/fixtures/users';
import { createTestApp, type TestApp } from '../test/test-app';
import { readJournal } from './db/migrate';
import { asSchemaOwner } from './db/tenant-context';
import { BusinessError, ConflictError, ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from './lib/errors';
import { authenticated } from './plugins/auth';

/** Routes that exist only in this test, mounted like a feature module under /api/v1. */
const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/probe/crash', async () => {
    throw new Error('secret detail: connection string postgres://admin:hunter2@db');
  });
  app.get('/probe/db-crash', async () => {
    await app.database.executeSql('select * from table_that_does_not_exist');
    return { data: null };
  });
  app.post(
    '/probe/items',
    {
      schema: {
        body: z
          .object({
            name: z.string().min(1).max(10),
            email: z.email(),
            owner: z.object({ age: z.number().int().min(18) }).strict(),
          })
          .strict(),
        response: { 200: z.object({ data: z.object({ name: z.string() }) }) },
      },
    },
    async (request) => ({ data: { name: request.body.name } }),
  );
  app.get(
    '/probe/items/:id',
    { schema: { params: z.object({ id: z.uuid() }), querystring: z.object({ page: z.coerce.number().int().min(1) }) } },
    async (request) => ({ data: { id: request.params.id } }),
  );
  app.get('/probe/limited', { config: { rateLimit: { max: 2, timeWindow: 60_000 } } }, async () => ({ data: 'ok' }));
  app.get('/probe/limited-shared', { config: { rateLimit: { max: 3, timeWindow: 60_000 } } }, async () => ({ data: 'ok' }));
  app.get('/probe/limited-other', { config: { rateLimit: { max: 3, timeWindow: 60_000 } } }, async () => ({ data: 'ok' }));
  app.get(
    '/probe/limited-signed-in',
    { ...authenticated(app), config: { rateLimit: { max: 2, timeWindow: 60_000 } } },
    async () => ({ data: 'ok' }),
  );
  app.post('/probe/unique', async () => {
    await app.db.execute(sql`insert into probe_unique (id) values (1)`);
    return { data: 'created' };
  });
  app.get('/probe/business', async () => {
    throw new BusinessError(406, 'errors.conflict');
  });
  app.get('/probe/unauthorized', async () => {
    throw new UnauthorizedError();
  });
  app.get('/probe/forbidden', async () => {
    throw new ForbiddenError();
  });
  app.get('/probe/not-found', async () => {
    throw new NotFoundError();
  });
  app.get('/probe/conflict', async () => {
    throw new ConflictError();
  });
  app.get('/probe/field-errors', async () => {
    throw new ValidationError({ password: [encodeMessage('password_reused')], 'address.zip': ['Plain text'] });
  });
  app.get(
    '/probe/leaky-response',
    { schema: { response: { 200: z.object({ data: z.object({ id: z.string() }) }) } } },
    async () => ({ data: { id: 42 } }) as never,
  );
};

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { modules: [probeRoutes] });
  await asSchemaOwner(() => t.app.database.executeSql('create table probe_unique (id int primary key)'));
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/health', () => {
  it('reports the database reachable and the migrations current', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const expected = readJournal().length;
    expect(res.json()).toEqual({
      data: { status: 'ok', database: true, migrations: { applied: expected, expected, current: true } },
    });
  });

  it('answers with a trailing slash and with doubled slashes too', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health/' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '//api//health' })).statusCode).toBe(200);
  });
});

describe('request ids and headers', () => {
  it('echoes a sane X-Request-Id and makes one up otherwise', async () => {
    const given = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const made = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'not ok <script>' },
    });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends security headers with a CSP that allows the SPA', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
    // The invoice PDF preview frames a blob: URL; nothing from elsewhere may be framed.
    expect(csp).toMatch(/(^|;)frame-src 'self' blob:(;|$)/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('unknown API paths', () => {
  it('are a JSON 404 in both languages', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({
      message: 'Adressen GET /api/v1/no-such-thing finns inte',
      eng_message: 'There is no GET /api/v1/no-such-thing',
    });
  });

  it('are a 404 for other methods too', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/nothing', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toHaveProperty('eng_message');
  });
});

/** Sends `text` as is on a new connection and resolves with status and body once the server closes it. */
function rawRequest(port: number, text: string): Promise<{ status: number; contentType: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(text));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // The server may close while a refused body is still being written.
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    socket.on('close', () => {
      const answer = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      const contentType = /^content-type:\s*(.*)$/im.exec(head)?.[1] ?? '';
      resolve({ status: Number(head.split(' ')[1]), contentType, body });
    });
  });
}

describe('errors raised before any route handler', () => {
  const request = (line: string, headers: string[] = [], body = '') =>
    [line, 'Host: localhost', ...headers, 'Connection: close', '', body].join('\r\n');
  const json = (body: string) => ['Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`];
  const cases: [string, number, () => string][] = [
    ['a malformed percent-encoding in the path', 400, () => request('GET /api/v1/probe/items/%E0%A4%A HTTP/1.1')],
    ['a path parameter over the router limit', 414, () => request(`GET /api/v1/probe/items/${'a'.repeat(200)} HTTP/1.1`)],
    ['an address longer than the header limit', 414, () => request(`GET /api/v1/probe/items?q=${'a'.repeat(20_000)} HTTP/1.1`)],
    ['headers over the limit', 431, () => request('GET /api/health HTTP/1.1', [`X-Filler: ${'a'.repeat(20_000)}`])],
    ['a request line node cannot parse', 400, () => request('GET /api/health HTTP/9')],
    ['an invalid Content-Length', 400, () => request('POST /api/v1/probe/items HTTP/1.1', ['Content-Length: abc'], '{}')],
    [
      'a body over the size limit',
      413,
      () => request('POST /api/v1/probe/items HTTP/1.1', json('x'.repeat(1_100_000)), 'x'.repeat(1_100_000)),
    ],
    [
      'a content type nobody parses',
      415,
      () => request('POST /api/v1/probe/items HTTP/1.1', ['Content-Type: text/xml', 'Content-Length: 4'], '<a/>'),
    ],
    ['a body that is not JSON', 400, () => request('POST /api/v1/probe/items HTTP/1.1', json('{"name":'), '{"name":')],
    ['an unknown route', 404, () => request('GET /api/v1/no-such-route HTTP/1.1')],
    ['an unknown method', 404, () => request('PROPFIND /api/v1/probe/items HTTP/1.1')],
  ];
  let port = 0;

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });

  it.each(cases)('%s answers %i with message and eng_message', async (_name, status, text) => {
    const res = await rawRequest(port, text());
    expect(res.status).toBe(status);
    expect(res.contentType).toMatch(/^application\/json/);
    const body = JSON.parse(res.body);
    expect(typeof body.message).toBe('string');
    expect(typeof body.eng_message).toBe('string');
    expect(body.message).not.toBe(body.eng_message);
    // The shape of the error answers, nothing of Fastify's own (`statusCode`, `code`).
    expect(Object.keys(body).every((key) => ['message', 'eng_message', 'error'].includes(key))).toBe(true);
    if (status === 400) expect(typeof body.error).toBe('string');
  });
});

describe('internal errors', () => {
  it('show a generic message and nothing of the error', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/probe/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internt serverfel', eng_message: 'Internal server error' });
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('stack');
  });

  it('hide database errors', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/probe/db-crash' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('table_that_does_not_exist');
  });

  it('hide a response that does not match its schema', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/probe/leaky-response' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internt serverfel', eng_message: 'Internal server error' });
  });
});

describe('validation errors', () => {
  const bad = { name: '', email: 'nope', owner: { age: 12, extra: true }, admin: true };

  it('list localised messages per field, Swedish by default', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/probe/items', payload: bad });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe('De angivna uppgifterna är ogiltiga');
    expect(body.eng_message).toBe('The given data was invalid');
    expect(body.error.name).toEqual(['Detta fält är obligatoriskt']);
    expect(body.error.email).toEqual(['Fältet e-post måste vara en giltig e-postadress']);
    expect(body.error['owner.age']).toEqual(['Fältet ålder måste vara 18 eller mer']);
    expect(body.error['owner.extra']).toEqual(['Okänt fält']);
    expect(body.error.admin).toEqual(['Okänt fält']);
  });

  it('follow Accept-Language', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/probe/items',
      payload: bad,
      headers: { 'accept-language': 'en-GB,en;q=0.9,sv;q=0.5' },
    });
    const body = res.json();
    expect(body.message).toBe('De angivna uppgifterna är ogiltiga');
    expect(body.error.name).toEqual(['This field is required']);
    expect(body.error.email).toEqual(['The email field must be a valid email']);
    expect(body.error['owner.extra']).toEqual(['Unknown field']);
  });

  it('cover params and query, and oversized strings', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/probe/items/not-a-uuid?page=0',
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error)).toEqual(['id']);

    const query = await t.app.inject({
      method: 'GET',
      url: '/api/v1/probe/items/7f1c8a39-52f4-4a1e-8c9e-0a0b0c0d0e0f?page=0',
      headers: { 'accept-language': 'en' },
    });
    expect(query.json().error).toEqual({ page: ['The page field must be 1 or more'] });

    const long = await t.app.inject({
      method: 'POST',
      url: '/api/v1/probe/items',
      payload: { name: 'x'.repeat(11), email: 'a@b.se', owner: { age: 20 } },
      headers: { 'accept-language': 'en' },
    });
    expect(long.json().error).toEqual({ name: ['The name field may not be greater than 10 characters'] });
  });

  it('report a missing or malformed body', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/api/v1/probe/items' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toHaveProperty('body');

    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/probe/items',
      payload: '{"name":',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      message: 'Begärans JSON är ogiltig',
      eng_message: 'The request body is not valid JSON',
      error: 'The request body is not valid JSON',
    });
  });

  it('name unknown fields that share a name with an object built-in, like any other', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/probe/items',
      payload: '{"name":"Anna","email":"anna@example.se","owner":{"age":30,"toString":1},"constructor":{},"hasOwnProperty":null}',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'De angivna uppgifterna är ogiltiga',
      eng_message: 'The given data was invalid',
      error: { 'owner.toString': ['Unknown field'], constructor: ['Unknown field'], hasOwnProperty: ['Unknown field'] },
    });
  });

  it('accept a valid body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/probe/items/',
      payload: { name: 'Anna', email: 'anna@example.se', owner: { age: 30 } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { name: 'Anna' } });
  });
});

describe('database constraint errors', () => {
  it('turn a unique violation a service did not foresee into a 409', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/probe/unique' })).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/probe/unique' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'Åtgärden krockar med befintliga uppgifter',
      eng_message: 'The request conflicts with existing data',
    });
  });
});

describe('AppError family', () => {
  it('ValidationError translates field message keys', async () => {
    const sv = await t.app.inject({ method: 'GET', url: '/api/v1/probe/field-errors' });
    expect(sv.statusCode).toBe(400);
    expect(sv.json().error).toEqual({
      password: ['Det nya lösenordet måste skilja sig från tidigare lösenord'],
      'address.zip': ['Plain text'],
    });
    const en = await t.app.inject({
      method: 'GET',
      url: '/api/v1/probe/field-errors',
      headers: { 'accept-language': 'en' },
    });
    expect(en.json().error.password).toEqual(['The new password must differ from your earlier passwords']);
  });

  it('BusinessError carries the text in `error`', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/probe/business',
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(406);
    expect(res.json()).toEqual({
      message: 'Åtgärden krockar med befintliga uppgifter',
      eng_message: 'The request conflicts with existing data',
      error: 'The request conflicts with existing data',
    });
  });

  it('UnauthorizedError carries `detail`', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/probe/unauthorized' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      message: 'Du måste logga in',
      eng_message: 'Authentication required',
      detail: 'Inloggningsuppgifter saknas eller är ogiltiga',
    });
  });

  it.each([
    ['forbidden', 403, 'You do not have permission to perform this action'],
    ['not-found', 404, 'The resource was not found'],
    ['conflict', 409, 'The request conflicts with existing data'],
  ])('%s answers %i with message and eng_message only', async (path, status, english) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/probe/${path}` });
    expect(res.statusCode).toBe(status);
    expect(Object.keys(res.json()).sort()).toEqual(['eng_message', 'message']);
    expect(res.json().eng_message).toBe(english);
  });
});

describe('rate limits', () => {
  it('answer 429 in our shape with Retry-After', async () => {
    for (let i = 0; i < 2; i++) {
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/probe/limited' })).statusCode).toBe(200);
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/probe/limited' });
    expect(res.statusCode).toBe(429);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(res.json()).toEqual({
      message: `För många förfrågningar. Försök igen om ${retryAfter} sekunder`,
      eng_message: `Too many requests. Try again in ${retryAfter} seconds`,
    });
  });

  it('are one budget for every process on the database, and a restart does not refill it', async () => {
    const url = '/api/v1/probe/limited-shared';
    // A second API process on the same database (its close must not close the shared one).
    const other = await createTestApp(
      {},
      { modules: [probeRoutes], database: { ...t.app.database, close: async () => undefined } },
    );
    try {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
      expect((await other.app.inject({ method: 'GET', url })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
      expect((await other.app.inject({ method: 'GET', url })).statusCode).toBe(429);
    } finally {
      await other.close();
    }
    // A new process in place of the closed one starts from the same budget.
    const restarted = await createTestApp(
      {},
      { modules: [probeRoutes], database: { ...t.app.database, close: async () => undefined } },
    );
    try {
      const res = await restarted.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      // Another route with the same limit has a budget of its own.
      expect((await restarted.app.inject({ method: 'GET', url: '/api/v1/probe/limited-other' })).statusCode).toBe(200);
    } finally {
      await restarted.close();
    }
  });
});

describe('rate limit budgets of signed-in calls', () => {
  it('are per organisation and user, so one organisation does not spend another one’s', async () => {
    const url = '/api/v1/probe/limited-signed-in';
    const alfa = await createOrganisation(t.app, { name: 'Alfa GK' });
    const beta = await createOrganisation(t.app, { name: 'Beta GK', organisationNumber: '559412-3456' });
    const alfaStaff = await addMember(t.app, alfa, 'Staff');
    // Every call comes from the same address, as behind one load balancer.
    const call = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers, remoteAddress: '10.77.0.1' });
    expect((await call(alfa.owner.headers)).statusCode).toBe(200);
    expect((await call(alfa.owner.headers)).statusCode).toBe(200);
    expect((await call(alfa.owner.headers)).statusCode).toBe(429);
    // Another organisation, and a colleague in the same one, still have their whole budget.
    expect((await call(beta.owner.headers)).statusCode).toBe(200);
    expect((await call(beta.owner.headers)).statusCode).toBe(200);
    expect((await call(alfaStaff.headers)).statusCode).toBe(200);
    expect((await call(beta.owner.headers)).statusCode).toBe(429);
  });
});

describe('OpenAPI', () => {
  it('is generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/health'].get.responses).toHaveProperty('200');
    const post = doc.paths['/api/v1/probe/items'].post;
    expect(post.requestBody.content['application/json'].schema.properties).toHaveProperty('email');
  });

  it('has a UI at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBeLessThan(400);
  });
});

describe('health without a database', () => {
  it('answers 503', async () => {
    const broken = await createTestApp();
    try {
      await broken.app.database.close();
      const res = await broken.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json().data).toMatchObject({ status: 'degraded', database: false });
    } finally {
      await broken.close();
    }
  });
});
