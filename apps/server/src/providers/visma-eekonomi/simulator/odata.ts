/**
 * The part of OData the simulator accepts on list endpoints (the operations whose 200 schema is a
 * `PaginatedResponse[X]` in contract/visma-eaccounting-v2.subset.json): `$filter` with
 * comparisons (`eq ne gt ge lt le`) joined by `and`/`or`/`not`, `$orderby`, and Visma's
 * `$page`/`$pagesize` paging answered with the `Meta` block (definitions.PaginationMetadata).
 *
 * - A filter may name only properties of the documented item definition (`X`), compared on the
 *   answer as the document shapes it; another name is refused as OData refuses it.
 * - Functions (`contains`, `startswith`, …) are refused: neither the document nor Visma's docs
 *   say which the API supports, so a client may not rely on them. Text `eq` ignores case, as
 *   Visma's database collation does; a client compares what comes back exactly.
 * - Every refusal is 400 with ErrorCode 2000, so a client that builds a bad filter fails here as
 *   it would against Visma.
 */

export class ODataError extends Error {}

type Value = string | number | boolean | null;
type Predicate = (row: Record<string, unknown>) => boolean;

const DATE_LITERAL = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/;

function tokenize(input: string): string[] {
  const tokens: string[] = [];
  let i = 0;
  while (i < input.length) {
    const c = input[i] as string;
    if (c === ' ') {
      i++;
    } else if (c === '(' || c === ')' || c === ',') {
      tokens.push(c);
      i++;
    } else if (c === "'") {
      let j = i + 1;
      let text = '';
      for (;;) {
        if (j >= input.length) throw new ODataError('Unterminated string literal in $filter');
        if (input[j] === "'" && input[j + 1] === "'") {
          text += "'";
          j += 2;
        } else if (input[j] === "'") break;
        else text += input[j++];
      }
      tokens.push(`'${text}`);
      i = j + 1;
    } else {
      let j = i;
      while (j < input.length && !' (),'.includes(input[j] as string)) j++;
      tokens.push(input.slice(i, j));
      i = j;
    }
  }
  return tokens;
}

const GUID_LITERAL = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type EdmType = 'Edm.String' | 'Edm.Guid' | 'Edm.DateTimeOffset' | 'Edm.Boolean' | 'Edm.Number' | 'null';

/** A literal and its OData v4 type: `'text'`, a bare GUID, a bare date, true/false, a number, null. */
function literal(token: string): { value: Value; type: EdmType } {
  if (token.startsWith("'")) return { value: token.slice(1), type: 'Edm.String' };
  if (token === 'null') return { value: null, type: 'null' };
  if (token === 'true' || token === 'false') return { value: token === 'true', type: 'Edm.Boolean' };
  if (GUID_LITERAL.test(token)) return { value: token, type: 'Edm.Guid' };
  if (DATE_LITERAL.test(token)) return { value: token, type: 'Edm.DateTimeOffset' };
  const n = Number(token);
  if (Number.isFinite(n)) return { value: n, type: 'Edm.Number' };
  throw new ODataError(`Invalid literal '${token}' in $filter`);
}

/** The OData type of a documented property (contract/contract.ts Schema). */
function edmType(schema: FieldSchema): EdmType {
  if (schema.type === 'string')
    return schema.format === 'uuid' ? 'Edm.Guid' : schema.format === 'date-time' ? 'Edm.DateTimeOffset' : 'Edm.String';
  if (schema.type === 'boolean') return 'Edm.Boolean';
  if (schema.type === 'number' || schema.type === 'integer') return 'Edm.Number';
  return 'Edm.String';
}

export interface FieldSchema {
  type?: string;
  format?: string;
}

function compare(a: unknown, b: Value): number {
  if (a === null || a === undefined || b === null) return a === b || (a == null && b == null) ? 0 : Number.NaN;
  if (typeof b === 'string' && DATE_LITERAL.test(b) && typeof a === 'string') {
    return Date.parse(a.endsWith('Z') || a.length <= 10 ? a : `${a}Z`) - Date.parse(b.length <= 10 ? b : b);
  }
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const sa = String(a).toLowerCase();
  const sb = String(b).toLowerCase();
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

/**
 * OData v4 (the API's `ODataQueryOptions`, with `$apply`, are Web API OData v4): a GUID property
 * is compared with a bare GUID (`CustomerId eq 6f1c…`), a quoted one is a type error; a date with
 * a bare date. A literal of another type than the property is refused as OData refuses it.
 */
export function parseFilter(filter: string, fields: ReadonlyMap<string, FieldSchema>): Predicate {
  const tokens = tokenize(filter);
  let pos = 0;
  const peek = () => tokens[pos];
  const take = () => {
    const token = tokens[pos++];
    if (token === undefined) throw new ODataError('Unexpected end of $filter');
    return token;
  };
  const field = (name: string) => {
    if (!fields.has(name)) throw new ODataError(`Could not find a property named '${name}' on type.`);
    return name;
  };

  const primary = (): Predicate => {
    const token = take();
    if (token === '(') {
      const inner = or();
      if (take() !== ')') throw new ODataError("')' expected in $filter");
      return inner;
    }
    if (token === 'not') {
      const inner = primary();
      return (row) => !inner(row);
    }
    if (tokens[pos] === '(') throw new ODataError(`The function '${token}' is not supported in $filter.`);
    const name = field(token);
    const op = take();
    const { value, type } = literal(take());
    const expected = edmType(fields.get(name) as FieldSchema);
    if (type !== 'null' && type !== expected)
      throw new ODataError(
        `A binary operator with incompatible types was detected. Found operand types '${expected}' and '${type}' for operator kind '${op}'.`,
      );
    switch (op) {
      case 'eq':
        return (row) => compare(row[name], value) === 0;
      case 'ne':
        return (row) => compare(row[name], value) !== 0;
      case 'gt':
        return (row) => compare(row[name], value) > 0;
      case 'ge':
        return (row) => compare(row[name], value) >= 0;
      case 'lt':
        return (row) => compare(row[name], value) < 0;
      case 'le':
        return (row) => compare(row[name], value) <= 0;
      default:
        throw new ODataError(`Unknown operator '${op}' in $filter`);
    }
  };
  const and = (): Predicate => {
    let left = primary();
    while (peek() === 'and') {
      take();
      const l = left;
      const r = primary();
      left = (row) => l(row) && r(row);
    }
    return left;
  };
  const or = (): Predicate => {
    let left = and();
    while (peek() === 'or') {
      take();
      const l = left;
      const r = and();
      left = (row) => l(row) || r(row);
    }
    return left;
  };
  const predicate = or();
  if (pos !== tokens.length) throw new ODataError(`Unexpected '${tokens[pos]}' in $filter`);
  return predicate;
}

export interface PageMeta {
  CurrentPage: number;
  PageSize: number;
  TotalNumberOfPages: number;
  TotalNumberOfResults: number;
  ServerTimeUtc: string;
}

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 1000;

/** Filters, orders and pages `rows` as a list endpoint answers them: `{ Meta, Data }`. */
/** The query options a list endpoint reads; any other `$` option is refused, other parameters are ignored. */
export const LIST_OPTIONS = new Set(['$filter', '$orderby', '$page', '$pagesize']);

export function queryList<T extends object>(
  rows: T[],
  query: URLSearchParams,
  now: Date,
  defaultOrder: string,
  /** The documented properties of the item definition, with their types. */
  fields: ReadonlyMap<string, FieldSchema>,
): { Meta: PageMeta; Data: T[] } {
  for (const key of query.keys())
    if (key.startsWith('$') && !LIST_OPTIONS.has(key)) throw new ODataError(`The query parameter '${key}' is not supported.`);
  let result = rows;
  const filter = query.get('$filter');
  if (filter) {
    const predicate = parseFilter(filter, fields);
    result = result.filter((row) => predicate(row as Record<string, unknown>));
  }
  const orderBy = query.get('$orderby') ?? defaultOrder;
  const [orderField = defaultOrder, direction = 'asc'] = orderBy.trim().split(/\s+/);
  if (!fields.has(orderField)) throw new ODataError(`Could not find a property named '${orderField}' on type.`);
  const sign = direction.toLowerCase() === 'desc' ? -1 : 1;
  result = [...result].sort((a, b) => {
    const va = (a as Record<string, unknown>)[orderField];
    const vb = (b as Record<string, unknown>)[orderField];
    const c = compare(va, (vb ?? null) as Value);
    return (Number.isNaN(c) ? (va == null ? -1 : 1) : c) * sign;
  });

  const pageParam = query.get('$page');
  const sizeParam = query.get('$pagesize');
  const page = pageParam === null ? 1 : Number(pageParam);
  const size = sizeParam === null ? DEFAULT_PAGE_SIZE : Number(sizeParam);
  if (!Number.isInteger(page) || page < 1) throw new ODataError('$page must be a positive integer');
  if (!Number.isInteger(size) || size < 1) throw new ODataError('$pagesize must be a positive integer');
  const pageSize = Math.min(size, MAX_PAGE_SIZE);
  const total = result.length;
  return {
    Meta: {
      CurrentPage: page,
      PageSize: pageSize,
      TotalNumberOfPages: Math.ceil(total / pageSize),
      TotalNumberOfResults: total,
      ServerTimeUtc: now.toISOString(),
    },
    Data: result.slice((page - 1) * pageSize, page * pageSize),
  };
}
