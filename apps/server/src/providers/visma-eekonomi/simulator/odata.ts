/**
 * The part of OData that the eEkonomi API accepts on list endpoints: `$filter` with comparisons
 * joined by `and`/`or` and `contains(Field,'text')`, `$orderby`, and `$page`/`$pagesize` paging
 * answered with the `Meta` block. Anything else is refused the way the API refuses it (400,
 * ErrorCode 2000), so a client that builds a bad filter fails here as it would against Visma.
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

function literal(token: string): Value {
  if (token.startsWith("'")) return token.slice(1);
  if (token === 'null') return null;
  if (token === 'true' || token === 'false') return token === 'true';
  if (DATE_LITERAL.test(token)) return token;
  const n = Number(token);
  if (Number.isFinite(n)) return n;
  throw new ODataError(`Invalid literal '${token}' in $filter`);
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

export function parseFilter(filter: string, fields: ReadonlySet<string>): Predicate {
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
    if (token === 'contains' || token === 'startswith') {
      if (take() !== '(') throw new ODataError("'(' expected in $filter");
      const name = field(take());
      if (take() !== ',') throw new ODataError("',' expected in $filter");
      const value = String(literal(take()) ?? '').toLowerCase();
      if (take() !== ')') throw new ODataError("')' expected in $filter");
      return token === 'contains'
        ? (row) =>
            String(row[name] ?? '')
              .toLowerCase()
              .includes(value)
        : (row) =>
            String(row[name] ?? '')
              .toLowerCase()
              .startsWith(value);
    }
    const name = field(token);
    const op = take();
    const value = literal(take());
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
export function queryList<T extends object>(
  rows: T[],
  query: URLSearchParams,
  now: Date,
  defaultOrder: keyof T & string,
): { Meta: PageMeta; Data: T[] } {
  const fields = new Set<string>(rows.length > 0 ? Object.keys(rows[0] as object) : []);
  let result = rows;
  const filter = query.get('$filter');
  if (filter) {
    // With no rows there is nothing to check names against; an empty list stays empty.
    if (rows.length > 0) {
      const predicate = parseFilter(filter, fields);
      result = result.filter((row) => predicate(row as Record<string, unknown>));
    }
  }
  const orderBy = query.get('$orderby') ?? defaultOrder;
  const [orderField = defaultOrder, direction = 'asc'] = orderBy.trim().split(/\s+/);
  if (rows.length > 0 && !fields.has(orderField))
    throw new ODataError(`Could not find a property named '${orderField}' on type.`);
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
