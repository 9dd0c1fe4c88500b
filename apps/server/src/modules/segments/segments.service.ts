import {
  type ArticleSegment,
  type ArticleSegmentBody,
  type ArticleSegmentInfo,
  type ArticleSegmentListItem,
  type CustomerSegment,
  type CustomerSegmentBody,
  type CustomerSegmentListItem,
  encodeMessage,
  type Pagination,
  type SegmentKind,
  type SegmentsListQuery,
} from '@fairway/shared';
import type { Db, Tx } from '../../db/client';
import { BusinessError, NotFoundError, ValidationError } from '../../lib/errors';
import type { MessageKey } from '../../lib/i18n';
import type { AuthContext } from '../../plugins/auth';
import { logEvent, userDisplayName } from '../eventlogs/eventlogs.service';
import {
  type AccountTenant,
  deleteSegment,
  findSegment,
  insertSegment,
  listSegments,
  lockClubAccount,
  memberNumbersOf,
  membersInOtherSegments,
  replaceMembers,
  type SegmentListRow,
  type SegmentRow,
  type SegmentValues,
  segmentNameTaken,
  toArticleDefaults,
  toCustomerTerms,
  updateSegment,
} from './segments.repository';

/** Who acts: `request.auth` (the club account in use is where segments live). */
export type SegmentActor = Pick<AuthContext, 'userId' | 'organisationId' | 'clubAccountId'>;

export function segmentTenantOf(actor: Pick<SegmentActor, 'organisationId' | 'clubAccountId'>): AccountTenant {
  if (!actor.clubAccountId) throw new BusinessError(400, 'segments.noClubAccount');
  return { organisationId: actor.organisationId, clubAccountId: actor.clubAccountId };
}

/** What differs between the two kinds; everything else is one code path. */
interface KindRules<Body, Full, Item> {
  kind: SegmentKind;
  membersField: string;
  notFound: MessageKey;
  resource: 'customers' | 'articles';
  activities: { created: MessageKey; updated: MessageKey; deleted: MessageKey };
  members(body: Body): readonly string[];
  values(body: Body): SegmentValues;
  item(row: SegmentRow, memberCount: number): Item;
  full(row: SegmentRow, numbers: string[]): Full;
}

const base = (row: SegmentRow) => ({
  id: row.id,
  name: row.name,
  description: row.description,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const customerRules: KindRules<CustomerSegmentBody, CustomerSegment, CustomerSegmentListItem> = {
  kind: 'customer',
  membersField: 'customerNumbers',
  notFound: 'segments.customerSegmentNotFound',
  resource: 'customers',
  activities: {
    created: 'segments.customerSegmentCreated',
    updated: 'segments.customerSegmentUpdated',
    deleted: 'segments.customerSegmentDeleted',
  },
  members: (body) => body.customerNumbers,
  values: (body) => ({
    name: body.name,
    description: body.description,
    notes: body.notes,
    recurringBilling: body.recurringBilling,
    pricesIncludeVat: body.pricesIncludeVat,
    interestBilling: body.interestBilling,
    // Hundredths of a percent: the schema allows two decimals, so this is exact.
    discountHundredths: body.discountPercent === null ? null : Math.round(body.discountPercent * 100),
    adminFeeOre: body.adminFeeOre,
    freightOre: body.freightOre,
  }),
  item: (row, memberCount) => {
    const { id: _id, name: _name, ...terms } = toCustomerTerms(row);
    return { ...base(row), ...terms, customerCount: memberCount };
  },
  full: (row, numbers) => {
    const { id: _id, name: _name, ...terms } = toCustomerTerms(row);
    return { ...base(row), notes: row.notes, ...terms, customerNumbers: numbers, customerCount: numbers.length };
  },
};

const articleRules: KindRules<ArticleSegmentBody, ArticleSegment, ArticleSegmentListItem> = {
  kind: 'article',
  membersField: 'articleNumbers',
  notFound: 'segments.articleSegmentNotFound',
  resource: 'articles',
  activities: {
    created: 'segments.articleSegmentCreated',
    updated: 'segments.articleSegmentUpdated',
    deleted: 'segments.articleSegmentDeleted',
  },
  members: (body) => body.articleNumbers,
  values: (body) => ({
    name: body.name,
    description: body.description,
    notes: body.notes,
    vatRate: body.vatRate,
    salesAccount: body.salesAccount,
    costCentre: body.costCentre,
    project: body.project,
  }),
  item: (row, memberCount) => {
    const { id: _id, name: _name, ...defaults } = toArticleDefaults(row);
    return { ...base(row), ...defaults, articleCount: memberCount };
  },
  full: (row, numbers) => {
    const { id: _id, name: _name, ...defaults } = toArticleDefaults(row);
    return { ...base(row), notes: row.notes, ...defaults, articleNumbers: numbers, articleCount: numbers.length };
  },
};

function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (
    let e: unknown = error, depth = 0;
    e && typeof e === 'object' && depth < 4;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const { code, constraint: name, message } = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (code === '23505' && (name === constraint || (typeof message === 'string' && message.includes(constraint)))) return true;
  }
  return false;
}

const nameTaken = () => new ValidationError({ name: [encodeMessage('segment_name_taken')] });

/** Numbers as given, trimmed by the schema; the same number twice counts once, first place kept. */
const distinct = (numbers: readonly string[]) => [...new Set(numbers)];

async function assertWritable<Body>(
  tx: Tx,
  tenant: AccountTenant,
  rules: KindRules<Body, unknown, unknown>,
  body: Body & { name: string },
  numbers: readonly string[],
  exceptId?: string,
): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (await segmentNameTaken(tx, tenant, rules.kind, body.name, exceptId)) errors.name = [encodeMessage('segment_name_taken')];
  const taken = await membersInOtherSegments(tx, tenant, rules.kind, numbers, exceptId);
  if (taken.length > 0) {
    // Every conflict is named, so the user can fix them all in one go (capped to stay readable).
    errors[rules.membersField] = taken
      .slice(0, 20)
      .map((t) => encodeMessage('segment_member_taken', { number: t.number, segment: t.segmentName }));
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

async function list<Item>(
  db: Db,
  actor: SegmentActor,
  rules: KindRules<unknown, unknown, Item>,
  query: SegmentsListQuery,
): Promise<{ data: Item[]; pagination: Pagination }> {
  const { rows, total } = await listSegments(db, segmentTenantOf(actor), rules.kind, query);
  return {
    data: rows.map((r: SegmentListRow) => rules.item(r, r.memberCount)),
    pagination: { page: query.page, pageSize: query.pageSize, total },
  };
}

async function load<Full>(conn: Db | Tx, tenant: AccountTenant, rules: KindRules<unknown, Full, unknown>, id: string) {
  const row = await findSegment(conn, tenant, rules.kind, id);
  if (!row) throw new NotFoundError(rules.notFound);
  return { row, full: rules.full(row, await memberNumbersOf(conn, tenant, rules.kind, id)) };
}

async function write<Body extends { name: string }, Full>(
  db: Db,
  actor: SegmentActor,
  rules: KindRules<Body, Full, unknown>,
  body: Body,
  id?: string,
): Promise<Full> {
  const tenant = segmentTenantOf(actor);
  const numbers = distinct(rules.members(body));
  try {
    return await db.transaction(async (tx) => {
      await lockClubAccount(tx, tenant);
      if (id && !(await findSegment(tx, tenant, rules.kind, id))) throw new NotFoundError(rules.notFound);
      await assertWritable(tx, tenant, rules, body, numbers, id);
      const values = rules.values(body);
      const row = id
        ? await updateSegment(tx, tenant, rules.kind, id, values, actor.userId)
        : await insertSegment(tx, tenant, rules.kind, values, actor.userId);
      if (!row) throw new NotFoundError(rules.notFound);
      await replaceMembers(tx, tenant, rules.kind, row.id, numbers);
      await logEvent(tx, {
        organisationId: tenant.organisationId,
        clubAccountId: tenant.clubAccountId,
        resource: rules.resource,
        activity: id ? rules.activities.updated : rules.activities.created,
        params: { actor: await userDisplayName(tx, actor.userId), name: row.name, count: numbers.length },
        type: 'INFO',
      });
      return (await load(tx, tenant, rules, row.id)).full;
    });
  } catch (error) {
    // The lock makes these unreachable between portal processes; kept for writes from elsewhere.
    if (isUniqueViolation(error, 'segments_account_kind_name_uq')) throw nameTaken();
    throw error;
  }
}

async function remove(db: Db, actor: SegmentActor, rules: KindRules<unknown, unknown, unknown>, id: string): Promise<void> {
  const tenant = segmentTenantOf(actor);
  await db.transaction(async (tx) => {
    await lockClubAccount(tx, tenant);
    const row = await deleteSegment(tx, tenant, rules.kind, id);
    if (!row) throw new NotFoundError(rules.notFound);
    await logEvent(tx, {
      organisationId: tenant.organisationId,
      clubAccountId: tenant.clubAccountId,
      resource: rules.resource,
      activity: rules.activities.deleted,
      params: { actor: await userDisplayName(tx, actor.userId), name: row.name },
      type: 'INFO',
    });
  });
}

const customers = customerRules;
const articles = articleRules;

/** GET segments/customers: the club account's customer segments, searched, sorted and paged. */
export const listCustomerSegments = (db: Db, actor: SegmentActor, query: SegmentsListQuery) =>
  list<CustomerSegmentListItem>(db, actor, customers, query);

/** GET segments/customers/{id}; another club account's or organisation's id answers 404. */
export const getCustomerSegment = async (db: Db, actor: SegmentActor, id: string): Promise<CustomerSegment> =>
  (await load<CustomerSegment>(db, segmentTenantOf(actor), customers, id)).full;

/** POST segments/customers: a name free in the club account, customers in no other segment. */
export const createCustomerSegment = (db: Db, actor: SegmentActor, body: CustomerSegmentBody) =>
  write(db, actor, customers, body);

/** PUT segments/customers/{id}: replaces the whole segment, its customers included. */
export const updateCustomerSegment = (db: Db, actor: SegmentActor, id: string, body: CustomerSegmentBody) =>
  write(db, actor, customers, body, id);

/** DELETE segments/customers/{id}: the segment goes; its customers stay in the accounting program. */
export const deleteCustomerSegment = (db: Db, actor: SegmentActor, id: string) => remove(db, actor, customers, id);

export const listArticleSegments = (db: Db, actor: SegmentActor, query: SegmentsListQuery) =>
  list<ArticleSegmentListItem>(db, actor, articles, query);

export const getArticleSegment = async (db: Db, actor: SegmentActor, id: string): Promise<ArticleSegment> =>
  (await load<ArticleSegment>(db, segmentTenantOf(actor), articles, id)).full;

export const createArticleSegment = (db: Db, actor: SegmentActor, body: ArticleSegmentBody) => write(db, actor, articles, body);

export const updateArticleSegment = (db: Db, actor: SegmentActor, id: string, body: ArticleSegmentBody) =>
  write(db, actor, articles, body, id);

export const deleteArticleSegment = (db: Db, actor: SegmentActor, id: string) => remove(db, actor, articles, id);

/** GET segments/info/articles/{id}: the segment's defaults, article numbers and count. */
export async function getArticleSegmentInfo(db: Db, actor: SegmentActor, id: string): Promise<ArticleSegmentInfo> {
  const { full } = await load<ArticleSegment>(db, segmentTenantOf(actor), articles, id);
  return {
    id: full.id,
    name: full.name,
    vatRate: full.vatRate,
    salesAccount: full.salesAccount,
    costCentre: full.costCentre,
    project: full.project,
    articleNumbers: full.articleNumbers,
    articleCount: full.articleCount,
  };
}
