import { randomUUID } from 'node:crypto';
import { ALL_SCOPES, DEFAULT_ROLE_SCOPES, EXPORT_FORMATS, emailDesignSchema, ROLES, type RoleName } from '@fairway/shared';
import { eq, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { connectThroughConsent, runQueuedRefreshes, useFortnoxSimulator } from '../../test/fixtures/accounting';
import { addClubAccount, addMember, createOrganisation, type TestMember, type TestOrganisation } from '../../test/fixtures/users';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { App } from '../app';
import { seedDemoFees } from '../db/seed/demo-fees';
import { seedDemoMembers } from '../db/seed/demo-members';
import { secondPaths } from '../lib/spec-paths';
import { type GitSimulator, startGitSimulator } from '../providers/git/git.simulator';
import { configurations } from './configurations/configurations.tables';
import { duplicateGroupMembers, duplicateGroups } from './duplicates/duplicates.tables';
import { exportLogs } from './exports/exports.tables';
import { gitImports } from './git/import/git-import.tables';
import { runGitRefresh } from './git/refresh/git-refresh.service';
import { routeModules } from './index';
import { emailTemplates, memberCareSendouts } from './member-care/member-care.tables';
import { memberNotes, members } from './members/members.tables';
import { notify } from './notifications/notifications.service';
import { roles } from './permissions/permissions.tables';
import { receiptSendOuts, receipts } from './receipts/receipts.tables';
import { segments } from './segments/segments.tables';
import { suppliers } from './suppliers/suppliers.tables';

/**
 * The access matrix: every signed-in route that takes an id (path, query or body) is called by
 * every role of one organisation (a) with another organisation's real ids and (b) with a club
 * account of its own organisation the caller was not given. Any 2xx is a leak. The routes come
 * from the app itself as it is built, so a route added later is in the matrix without editing
 * this file; an id field whose resource cannot be told from its name fails the test until it is
 * named in RESOURCE_OF below.
 */

interface CollectedRoute {
  method: string;
  url: string;
  schema: { params?: z.ZodType; querystring?: z.ZodType; body?: z.ZodType; security?: unknown } | undefined;
}

const routes: CollectedRoute[] = [];
const collector = fp(async (app) => {
  app.addHook('onRoute', (route) => {
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, schema: route.schema as CollectedRoute['schema'] });
    }
  });
});

type Part = 'params' | 'querystring' | 'body';
type JsonSchema = {
  type?: string | string[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
  default?: unknown;
};

/** One place in a request that carries an id: where, the path to it, and the table its rows live in. */
interface Slot {
  part: Part;
  path: (string | number)[];
  table: string;
}

/**
 * Field and path names whose table is not their own name. Everything else resolves by name:
 * `feeRuleId` → fee_rules, `/membercategories/:id` → member_categories, `/git/imports/:id` → git_imports.
 */
const RESOURCE_OF: Record<string, string> = {
  guardian: 'members',
  defaultfeerule: 'fee_rules',
  blog: 'blog_posts',
  faq: 'faq_entries',
  memberbilling: 'members',
  company: 'organisations',
  reassignto: 'roles',
  currentaccount: 'club_accounts',
  clubtosync: 'club_accounts',
  targetclubaccount: 'club_accounts',
  keepclubaccount: 'club_accounts',
  keepuser: 'users',
  basis: 'git_invoice_bases',
  invoicebases: 'git_invoice_bases',
  updatepackage: 'subscriptions',
  updatetier: 'subscriptions',
  cancel: 'subscriptions',
  changepaymentplan: 'subscriptions',
  changesmsplan: 'subscriptions',
  // A send-out is its run (receipt_send_outs), whose receipts carry its id.
  sendreceipts: 'receipt_send_outs',
  // `/member_care/sendouts/:id` (by name alone it would be receipt_send_outs, the shorter table).
  sendouts: 'member_care_sendouts',
  // Second paths of our routes (apps/server/src/lib/spec-paths.ts), named after the call, not the table.
  register: 'invoices',
  invoicepayment: 'invoices',
  tags: 'contracts',
  uploads: 'git_imports',
  // Dubbelkoll's `/duplicates/:id` is a duplicate group.
  duplicates: 'duplicate_groups',
};
/**
 * Id-like fields that name no row of ours: idempotency keys, the accounting program's own shop id,
 * Dubbelkoll's tiers (fixed in code, `DUPLICATE_TIERS`).
 */
const NOT_A_REFERENCE = new Set(['requestId', 'shopId', 'tierId']);

const normal = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '');
const singular = (name: string) => name.replace(/ies$/, 'y').replace(/ses$/, 's').replace(/s$/, '');

function tableFor(name: string, tables: string[]): string | null {
  const key = normal(name);
  if (RESOURCE_OF[key]) return RESOURCE_OF[key];
  const wanted = singular(key);
  const matches = tables.filter((t) => singular(normal(t)) === wanted || singular(normal(t)).endsWith(wanted));
  // The table named exactly so, else the shortest one ending so (git_imports for "imports").
  return matches.sort((a, b) => a.length - b.length)[0] ?? null;
}

/** The name a path parameter stands for: `:id` is the segment before it, `:memberId` its own name. */
function pathName(url: string, param: string): string {
  if (param !== 'id') return param.replace(/Id$/, '');
  const parts = url.split('/');
  const at = parts.indexOf(':id');
  return parts[at - 1] ?? param;
}

const fieldName = (name: string | number, parent: string) =>
  typeof name === 'number' ? parent : name.replace(/Ids?$/, '').replace(/_id$/, '') || parent;

/** A uuid, or a string field named like an id (`feeTypeId`) long enough to hold one. */
function isId(s: JsonSchema, name: string | number | undefined): boolean {
  if (s.format === 'uuid' || (s.pattern ?? '').includes('[0-9a-fA-F]{8}-')) return true;
  return s.type === 'string' && typeof name === 'string' && /(Id|Ids)$/.test(name) && (s.maxLength ?? 0) >= 36;
}

const options = (s: JsonSchema) => s.anyOf ?? s.oneOf ?? null;

/** Every id in the schema, by path; `name` is what it is called (the property, or its array's). */
function uuidPaths(s: JsonSchema, path: (string | number)[], name: string, out: { path: (string | number)[]; name: string }[]) {
  if (isId(s, name)) out.push({ path, name });
  if (s.properties) for (const [k, v] of Object.entries(s.properties)) uuidPaths(v, [...path, k], k, out);
  if (s.items) uuidPaths(s.items, [...path, 0], name, out);
  const alternatives = options(s);
  if (alternatives?.[0]) uuidPaths(alternatives[0], path, name, out);
  for (const part of s.allOf ?? []) uuidPaths(part, path, name, out);
}

/** Whether an id slot lies at or under `path`. */
const leadsToSlot = (wanted: (string | number)[][], path: (string | number)[]) =>
  wanted.some((w) => w.length >= path.length && path.every((p, i) => w[i] === p));

/** A value the schema accepts; ids come from `idAt`, optional fields only when they lead to an id. */
function sample(
  s: JsonSchema,
  path: (string | number)[],
  wanted: (string | number)[][],
  idAt: (path: (string | number)[]) => string,
): unknown {
  const name = [...path].reverse().find((p) => typeof p === 'string');
  if (isId(s, name)) return idAt(path);
  const alternatives = options(s);
  if (alternatives) {
    const nonNull = alternatives.filter((o) => o.type !== 'null');
    return sample(nonNull[0] ?? (alternatives[0] as JsonSchema), path, wanted, idAt);
  }
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.default !== undefined && !s.properties && !s.items) return s.default;
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) {
        // Optional choices and switches go along too: a service often wants them where the schema does not.
        // (Not an enum that stands in for an id field beside it, such as `role` next to `roleId`.)
        const choice = (v.enum !== undefined && !s.properties?.[`${k}Id`]) || v.type === 'boolean';
        if ((s.required ?? []).includes(k) || choice || leadsToSlot(wanted, [...path, k])) {
          out[k] = sample(v, [...path, k], wanted, idAt);
        }
      }
      return out;
    }
    case 'array': {
      const n = Math.max(s.minItems ?? 0, s.items && leadsToSlot(wanted, [...path, 0]) ? 1 : 0);
      return Array.from({ length: n }, (_, i) => sample(s.items ?? {}, [...path, i], wanted, idAt));
    }
    case 'integer':
    case 'number':
      return Math.max(s.minimum ?? 1, s.exclusiveMinimum === undefined ? 1 : s.exclusiveMinimum + 1);
    case 'boolean':
      return false;
    case 'string': {
      if (s.format === 'date') return TODAY;
      if (s.format === 'date-time') return new Date().toISOString();
      if (s.format === 'email') return 'matris@example.se';
      if (s.format === 'uri') return 'https://example.se/';
      // Dates travel as ten-character strings.
      if (s.maxLength === 10) return TODAY;
      const length = Math.min(Math.max(s.minLength ?? 1, 12), s.maxLength ?? 12);
      return 'Matris'.padEnd(length, 'x').slice(0, length);
    }
    default:
      return null;
  }
}

/** Dates a form would send: today is inside every window ("up to 12 months back", "not in the past"). */
const TODAY = new Date().toISOString().slice(0, 10);

function toJson(schema: z.ZodType | undefined): JsonSchema | null {
  return schema ? (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema) : null;
}

/** A request of the route with every id slot filled by `idOf`. */
function build(route: CollectedRoute, slots: Slot[], idOf: (slot: Slot) => string) {
  const at = (part: Part) => (path: (string | number)[]) => {
    const slot = slots.find((s) => s.part === part && s.path.join('.') === path.join('.'));
    return slot ? idOf(slot) : '00000000-0000-4000-8000-000000000000';
  };
  const wanted = (part: Part) => slots.filter((s) => s.part === part).map((s) => s.path);
  let url = route.url;
  const params = toJson(route.schema?.params);
  if (params) {
    const values = sample(params, [], wanted('params'), at('params')) as Record<string, unknown>;
    for (const [k, v] of Object.entries(values ?? {})) url = url.replace(`:${k}`, encodeURIComponent(String(v)));
  }
  const query = toJson(route.schema?.querystring);
  if (query) {
    const values = sample(query, [], wanted('querystring'), at('querystring')) as Record<string, unknown>;
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(values ?? {})) if (v !== null && v !== undefined) search.set(k, String(v));
    if ([...search].length > 0) url = `${url}?${search}`;
  }
  const bodySchema = toJson(route.schema?.body);
  const payload = bodySchema ? (sample(bodySchema, [], wanted('body'), at('body')) as object) : undefined;
  return { url, payload };
}

let t: TestApp;
let app: App;
let git: GitSimulator;
let a: TestOrganisation;
let b: TestOrganisation;
let aDrift: string;
let tables: string[];
const callers: { role: string; who: TestMember }[] = [];

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);

/** Tables without organisation_id (platform content such as the blog): no organisation's id to try. */
let globalTables: string[];
async function allTables(): Promise<string[]> {
  const result = await app.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public'`);
  return rowsOf<{ table_name: string }>(result).map((r) => r.table_name);
}

async function tablesWithTenant(): Promise<string[]> {
  const rows = await app.db.execute<{ table_name: string }>(sql`
    select c.table_name from information_schema.columns c
    where c.table_schema = 'public' and c.column_name = 'organisation_id'
      and exists (select 1 from information_schema.columns i where i.table_schema = 'public' and i.table_name = c.table_name and i.column_name = 'id')`);
  return [...((rows as unknown as { rows?: { table_name: string }[] }).rows ?? (rows as unknown as { table_name: string }[]))]
    .map((r) => r.table_name)
    .concat(['users', 'organisations'])
    .sort();
}

const idCache = new Map<string, string | null>();
/** A real row id of `table` in the organisation (its first club account where rows belong to one). */
async function realId(table: string, org: TestOrganisation): Promise<string | null> {
  const key = `${table}:${org.organisationId}`;
  if (idCache.has(key)) return idCache.get(key) ?? null;
  let id: string | null;
  if (table === 'organisations') id = org.organisationId;
  else if (table === 'club_accounts') id = org.clubAccountId;
  else if (table === 'users') id = org.owner.userId;
  else {
    const [name = table, column = 'id'] = table.split('.');
    const columns = await app.db.execute<{ column_name: string }>(
      sql`select column_name from information_schema.columns where table_schema = 'public' and table_name = ${name}`,
    );
    const names = (
      (columns as unknown as { rows?: { column_name: string }[] }).rows ?? (columns as unknown as { column_name: string }[])
    ).map((c) => c.column_name);
    const byAccount = names.includes('club_account_id') ? sql` and club_account_id = ${org.clubAccountId}` : sql``;
    // A row users made (an organisation's own role) rather than a built-in one that refuses every change.
    const order = names.includes('system') ? sql`system, 1` : sql`1`;
    const result = await app.db.execute<{ id: string }>(
      sql`select ${sql.identifier(column)}::text as id from ${sql.identifier(name)}
          where organisation_id = ${org.organisationId} and ${sql.identifier(column)} is not null${byAccount} order by ${order} limit 1`,
    );
    const rows = (result as unknown as { rows?: { id: string }[] }).rows ?? (result as unknown as { id: string }[]);
    id = rows[0]?.id ?? null;
  }
  idCache.set(key, id);
  return id;
}

/** The id slots of a route (uuid params, query and body fields that name a row). */
function slotsOf(route: CollectedRoute, unresolved: string[]): Slot[] {
  const slots: Slot[] = [];
  for (const part of ['params', 'querystring', 'body'] as const) {
    const schema = toJson(route.schema?.[part]);
    if (!schema) continue;
    const found: { path: (string | number)[]; name: string }[] = [];
    uuidPaths(schema, [], '', found);
    for (const { path, name } of found) {
      if (NOT_A_REFERENCE.has(name)) continue;
      const resourceName =
        part === 'params'
          ? pathName(route.url, String(path[0]))
          : name === 'ids'
            ? pathName(route.url.replace(/\/bulk$/, '/:id'), 'id')
            : fieldName(name, name);
      const table = tableFor(resourceName, tables);
      // Platform content (blog, FAQ …) belongs to no organisation: there is no other organisation's id to try.
      if ((table && globalTables.includes(table.split('.')[0] as string)) || (!table && tableFor(resourceName, globalTables)))
        continue;
      if (!table) unresolved.push(`${route.method} ${route.url} ${part}.${path.join('.')} (${resourceName})`);
      else slots.push({ part, path, table });
    }
  }
  return slots;
}

let ip = 0;
/** Each call from its own address: the routes' request limits are not what this test is about. */
const nextAddress = () => {
  ip += 1;
  return `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;
};

async function seedOrganisation(org: TestOrganisation) {
  await connectThroughConsent(app, org.owner);
  await runQueuedRefreshes(app, org);
  const tenant = { organisationId: org.organisationId, clubAccountId: org.clubAccountId };
  await seedDemoMembers(app.db, tenant);
  await seedDemoFees(app.db, tenant);
  const put = await app.inject({
    method: 'PUT',
    url: '/api/v1/git/connection',
    headers: org.owner.headers,
    payload: { clubId: git.clubId, apiKey: git.apiKey, baseUrl: git.apiBaseUrl },
  });
  if (put.statusCode !== 200) throw new Error(`git connection: ${put.body}`);
  const runs = await app.inject({ method: 'GET', url: '/api/v1/git/transactions', headers: org.owner.headers });
  for (const run of runs.json().data as { id: string; status: string }[])
    if (run.status === 'queued') await runGitRefresh(app, run.id);

  // What the seeds above do not make: one row each, as the features would have left it.
  const [member] = await app.db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.clubAccountId, org.clubAccountId))
    .limit(1);
  await app.db
    .insert(memberNotes)
    .values({ ...tenant, memberId: member?.id as string, text: 'Matrisanteckning', authorId: org.owner.userId });
  await notify(app.db, { organisationId: org.organisationId, allOwners: true, subject: 'Matris', message: 'Matris' });
  await app.db.insert(roles).values({ organisationId: org.organisationId, name: 'Kassa', scopes: ['customers.read'] });
  const sendOutId = randomUUID();
  await app.db.insert(receiptSendOuts).values({ ...tenant, id: sendOutId, status: 'succeeded', total: 1 });
  await app.db.insert(receipts).values({ ...tenant, invoiceNumber: '1', state: 'sent', sendOutId });
  await app.db.insert(gitImports).values({
    ...tenant,
    fileName: 'matris.xlsx',
    sheetNames: ['Blad1'],
    sheetName: 'Blad1',
    headerRow: 1,
    columns: ['Golf-ID'],
    rows: [],
    createdBy: org.owner.userId,
  });
  const [template] = await app.db
    .insert(emailTemplates)
    .values({
      ...tenant,
      title: 'Matrismall',
      design: emailDesignSchema.parse({}),
      html: '<!doctype html>',
      text: '',
      createdBy: org.owner.userId,
    })
    .returning({ id: emailTemplates.id });
  await app.db.insert(memberCareSendouts).values({
    ...tenant,
    title: 'Matrisutskick',
    channel: 'email',
    templateId: template?.id,
    selection: { juniorsReachPayer: false },
  });
  await app.db.insert(segments).values({
    ...tenant,
    kind: 'customer',
    name: 'Matrissegment',
    recurringBilling: false,
    pricesIncludeVat: true,
    interestBilling: false,
  });
  await app.db.insert(configurations).values({ ...tenant, group: 'article', values: {}, updatedBy: org.owner.userId });
  // Dubbelkoll's mirror and a group its scan found (the Fortnox simulator holds no suppliers).
  await app.db.insert(suppliers).values({ ...tenant, number: 'M1', name: 'Matrisleverantör AB', data: {} });
  const [group] = await app.db
    .insert(duplicateGroups)
    .values({ ...tenant, resource: 'supplier_invoice', originalNumber: 'M1', confidence: 0.97, duplicateCount: 1 })
    .returning({ id: duplicateGroups.id });
  await app.db
    .insert(duplicateGroupMembers)
    .values({ groupId: group?.id as string, organisationId: org.organisationId, number: 'M2', confidence: 0.97, fields: {} });
  await app.db.insert(exportLogs).values({
    ...tenant,
    kind: 'members',
    format: EXPORT_FORMATS[0],
    startDate: '2026-01-01',
    endDate: '2026-01-31',
    status: 'succeeded',
  });
}

beforeAll(async () => {
  // The GIT simulator first, so its address is known when the app is configured.
  git = await startGitSimulator({ members: 30, seed: 'access-matrix' });
  t = await createTestApp({ GIT_ALLOWED_ORIGINS: [git.url] }, { modules: [collector, ...routeModules] });
  app = t.app;
  await useFortnoxSimulator(app);
  a = await createOrganisation(app, { name: 'Alfa GK' });
  b = await createOrganisation(app, { name: 'Beta GK', organisationNumber: '559412-3456' });
  aDrift = await addClubAccount(app, a.organisationId, 'Alfa GK Drift AB');
  await addClubAccount(app, b.organisationId, 'Beta GK Drift AB');
  await seedOrganisation(a);
  await seedOrganisation(b);
  tables = await tablesWithTenant();
  globalTables = (await allTables()).filter((name) => !tables.includes(name));

  // Every role of Alfa, each given only the club: Drift AB is the account they may not reach.
  callers.push({ role: 'Owner', who: a.owner });
  for (const role of ROLES) if (role !== 'Owner') callers.push({ role, who: await addMember(app, a, role) });
  const [custom] = await app.db
    .insert(roles)
    .values({ organisationId: a.organisationId, name: 'Allt utom Drift', scopes: [...ALL_SCOPES] })
    .returning();
  callers.push({ role: 'Custom (every scope)', who: await addMember(app, a, 'Staff', { roleId: custom?.id }) });
}, 300_000);

afterAll(async () => {
  await git?.close();
  await t?.close();
});

describe('the access matrix', () => {
  it('answers no 2xx to another organisation’s ids or to a club account the caller was not given, for any role', async () => {
    const unresolved: string[] = [];
    const missing = new Set<string>();
    const leaks: string[] = [];
    const outcomes = new Map<number, number>();
    let combinations = 0;
    const covered = new Set<string>();

    const signedIn = routes.filter((r) => r.schema?.security && r.url.startsWith('/api/v1/'));
    for (const route of signedIn) {
      const slots = slotsOf(route, unresolved);
      if (slots.length === 0) continue;
      const own = new Map<string, string>();
      for (const slot of slots) {
        const id = await realId(slot.table, a);
        const foreign = await realId(slot.table, b);
        if (!id || !foreign) missing.add(slot.table);
        own.set(slot.table, id ?? '00000000-0000-4000-8000-000000000000');
      }
      const cases: { name: string; slot: Slot; value: string }[] = [];
      for (const slot of slots) {
        const foreign = await realId(slot.table, b);
        if (foreign) cases.push({ name: `another organisation's ${slot.table}`, slot, value: foreign });
        if (slot.table === 'club_accounts') cases.push({ name: 'a club account not given', slot, value: aDrift });
      }
      if (cases.length === 0) continue;
      covered.add(`${route.method} ${route.url}`);
      for (const c of cases) {
        const request = build(route, slots, (slot) => (slot === c.slot ? c.value : (own.get(slot.table) as string)));
        for (const { role, who } of callers) {
          const res = await app.inject({
            method: route.method as 'GET',
            url: request.url,
            headers: who.headers,
            remoteAddress: nextAddress(),
            ...(request.payload === undefined ? {} : { payload: request.payload }),
          });
          combinations += 1;
          outcomes.set(res.statusCode, (outcomes.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode < 300) {
            leaks.push(
              `${role}: ${route.method} ${request.url} with ${c.name} at ${c.slot.part}.${c.slot.path.join('.')} → ${res.statusCode}`,
            );
          }
        }
      }
    }

    console.info(
      `access matrix: ${covered.size} routes × ${callers.length} roles, ${combinations} route × role × case combinations; ` +
        `answers ${JSON.stringify(Object.fromEntries([...outcomes].sort((x, y) => x[0] - y[0])))}; leaks ${leaks.length}`,
    );
    if (leaks.length > 0) console.info(leaks.join('\n'));
    expect(unresolved, 'id fields whose table is unknown: name them in RESOURCE_OF').toEqual([]);
    expect([...missing], 'resources without a row in both organisations: seed them').toEqual([]);
    expect(leaks).toEqual([]);
  }, 300_000);
});

/**
 * The scope each member care route asks for, written out here (not read from the routes): a role
 * without it is refused with 403 before anything runs. `null`: public (the unsubscribe link, 46elks'
 * delivery reports, newsletter images fetched by mail programs).
 */
const MEMBER_CARE_SCOPES: Record<string, 'membercare.read' | 'membercare.write' | null> = {
  'GET /api/v1/member_care/templates': 'membercare.read',
  'POST /api/v1/member_care/templates': 'membercare.write',
  'GET /api/v1/member_care/templates/ready': 'membercare.read',
  'POST /api/v1/member_care/templates/ready/:key/copy': 'membercare.write',
  'GET /api/v1/member_care/templates/:id': 'membercare.read',
  'PUT /api/v1/member_care/templates/:id': 'membercare.write',
  'DELETE /api/v1/member_care/templates/:id': 'membercare.write',
  'POST /api/v1/member_care/templates/:id/duplicate': 'membercare.write',
  'POST /api/v1/member_care/templates/preview': 'membercare.read',
  'POST /api/v1/member_care/recipients/preview': 'membercare.read',
  'GET /api/v1/member_care/sendouts': 'membercare.read',
  'POST /api/v1/member_care/sendouts': 'membercare.write',
  'GET /api/v1/member_care/sendouts/:id': 'membercare.read',
  'PUT /api/v1/member_care/sendouts/:id': 'membercare.write',
  'DELETE /api/v1/member_care/sendouts/:id': 'membercare.write',
  'POST /api/v1/member_care/sendouts/:id/schedule': 'membercare.write',
  'POST /api/v1/member_care/sendouts/:id/send': 'membercare.write',
  'POST /api/v1/member_care/sendouts/:id/cancel': 'membercare.write',
  'POST /api/v1/member_care/sendouts/:id/test': 'membercare.write',
  'POST /api/v1/member_care/newsletter/images': 'membercare.write',
  'GET /api/v1/member_care/unsubscribe/:token': null,
  'POST /api/v1/member_care/unsubscribe/:token': null,
  'POST /api/v1/member_care/sms/delivery/:id/:secret': null,
  'GET /api/v1/member_care/newsletter/images/:id': null,
};

/** What each built-in role may do in member care (docs/permissions.md); Accountant has neither scope. */
const MEMBER_CARE_ACCESS: Record<string, { read: boolean; write: boolean }> = {
  Owner: { read: true, write: true },
  Manager: { read: true, write: true },
  Staff: { read: true, write: true },
  Other: { read: true, write: false },
  Accountant: { read: false, write: false },
  'Custom (every scope)': { read: true, write: true },
};

describe('member care role scopes', () => {
  it('refuses every member care route with 403 to a role without its scope and lets the others through', async () => {
    const memberCare = routes.filter((r) => r.url.startsWith('/api/v1/member_care/'));
    expect(memberCare.map((r) => `${r.method} ${r.url}`).sort(), 'a member care route missing from the table').toEqual(
      Object.keys(MEMBER_CARE_SCOPES).sort(),
    );
    expect(callers.map((c) => c.role).sort()).toEqual(Object.keys(MEMBER_CARE_ACCESS).sort());
    const wrong: string[] = [];
    let checked = 0;
    for (const route of memberCare) {
      const scope = MEMBER_CARE_SCOPES[`${route.method} ${route.url}`];
      if (!scope) continue;
      const slots = slotsOf(route, []);
      // A read gets Alfa's own rows and must answer 200; a write gets ids that name no row, so
      // a role let through is answered by validation or "not found" and nothing changes.
      const own = new Map<string, string>();
      for (const slot of slots) own.set(slot.table, (await realId(slot.table, a)) ?? randomUUID());
      const request = build(route, slots, (slot) => (route.method === 'GET' ? (own.get(slot.table) as string) : randomUUID()));
      for (const { role, who } of callers) {
        const access = MEMBER_CARE_ACCESS[role] as { read: boolean; write: boolean };
        const allowed = scope === 'membercare.read' ? access.read : access.write;
        const res = await app.inject({
          method: route.method as 'GET',
          url: request.url,
          headers: who.headers,
          remoteAddress: nextAddress(),
          ...(request.payload === undefined ? {} : { payload: request.payload }),
        });
        checked += 1;
        const ok = allowed
          ? route.method === 'GET'
            ? res.statusCode === 200
            : res.statusCode !== 401 && res.statusCode !== 403
          : res.statusCode === 403;
        if (!ok) wrong.push(`${role}: ${route.method} ${request.url} → ${res.statusCode} (${allowed ? 'allowed' : 'refused'})`);
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBe(20 * callers.length);
  }, 120_000);
});

/** The scope of each route that has a second path (apps/server/src/lib/spec-paths.ts), and of `PUT configurations/{id}`. */
const SECOND_PATH_SCOPES: Record<string, string> = {
  'GET /git/paid-invoices': 'git.read',
  'GET /invoices/:id/payments': 'invoices.read',
  'POST /invoices/:id/payments': 'invoices.write',
  'GET /contracts/tags': 'contracts.read',
  'PUT /contracts/:id/tags': 'contracts.write',
  'POST /git/imports': 'git.write',
  'GET /git/imports/:id': 'git.read',
  'PUT /configurations/:id': 'settings.manage',
};

describe('second paths and PUT configurations/{id} for every role', () => {
  it('answer each role as their own path does: 403 without the scope, through with it', async () => {
    const scopesOf = (role: string): readonly string[] =>
      role === 'Custom (every scope)' ? ALL_SCOPES : DEFAULT_ROLE_SCOPES[role as RoleName];
    const routeOf = (method: string, path: string) => {
      const route = routes.find((r) => r.method === method && r.url === `/api/v1${path}`);
      if (!route) throw new Error(`not served: ${method} ${path}`);
      return route;
    };
    const pairs = [
      ...secondPaths().map(({ method, path, ours }) => ({ method, ours, paths: [ours, path] })),
      { method: 'PUT', ours: '/configurations/:id', paths: ['/configurations/:id'] },
    ];
    expect(pairs.map((p) => `${p.method} ${p.ours}`).every((key) => SECOND_PATH_SCOPES[key])).toBe(true);
    const wrong: string[] = [];
    for (const { method, ours, paths } of pairs) {
      const scope = SECOND_PATH_SCOPES[`${method} ${ours}`] as string;
      for (const { role, who } of callers) {
        const allowed = scopesOf(role).includes(scope);
        const answers: number[] = [];
        for (const path of paths) {
          const route = routeOf(method, path);
          const slots = slotsOf(route, []);
          const own = new Map<string, string>();
          for (const slot of slots) own.set(slot.table, (await realId(slot.table, a)) ?? randomUUID());
          // A read gets Alfa's own rows; a write ids that name no row, so nothing changes.
          const request = build(route, slots, (slot) => (method === 'GET' ? (own.get(slot.table) as string) : randomUUID()));
          const res = await app.inject({
            method: method as 'GET',
            url: request.url,
            headers: who.headers,
            remoteAddress: nextAddress(),
            ...(request.payload === undefined ? {} : { payload: request.payload }),
          });
          answers.push(res.statusCode);
          const ok = allowed
            ? method === 'GET'
              ? res.statusCode === 200
              : res.statusCode !== 401 && res.statusCode !== 403
            : res.statusCode === 403;
          if (!ok) wrong.push(`${role}: ${method} ${request.url} → ${res.statusCode} (${allowed ? 'allowed' : 'refused'})`);
        }
        if (new Set(answers).size > 1) wrong.push(`${role}: ${method} ${paths.join(' / ')} answer ${answers.join(' / ')}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});
