import { count, type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  type ExtraConfigColumn,
  index,
  type PgColumn,
  type PgColumnBuilderBase,
  type PgDatabase,
  type PgQueryResultHKT,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenantIsolation } from './row-level-security';

/**
 * Word-prefix search under row-level security (docs/decisions/word-search-terms.md).
 *
 * A search box finds rows whose words start with each word typed ("anna lind" finds Anna
 * Lindqvist). The words of each searchable row (the lexemes of its `search_vector`) are kept in a
 * terms table beside it, one row per word, by triggers of the migrations
 * (db/migrations/0029_word_search_terms.sql). A search is a range scan of a btree on
 * (club account, term): the comparisons it uses (uuid =, text ~>=~ and ~<~) are leakproof, so the
 * planner may use them in the index although row-level security filters the same table. A
 * tsvector `@@` match is not leakproof: under the tenant policy it ran after the policy, on every
 * row of the club account (86 ms for 50,000 members on PostgreSQL instead of 1.5 ms).
 */

/**
 * The columns of a terms table; `rowId` names the searchable row (cascading delete). `orderKey`
 * are copies of the columns of the list's default order (the same names and types as on the row,
 * kept by the same triggers), so a search's page can be chosen in the terms (pageOfMatches).
 */
export function searchTermColumns<K extends Record<string, PgColumnBuilderBase>>(
  rowId: { name: string; references: () => AnyPgColumn },
  orderKey: K,
) {
  return {
    organisationId: uuid('organisation_id').notNull(),
    clubAccountId: uuid('club_account_id').notNull(),
    rowId: uuid(rowId.name).notNull().references(rowId.references, { onDelete: 'cascade' }),
    term: text('term').notNull(),
    ...orderKey,
  };
}

/**
 * The key (a row's words, for the triggers' deletes), the search index and the policy. The index
 * holds every column (the order key after the row, where it changes no range scan), so a search,
 * its count and its default-order page read the index alone, the tenant policy's organisation
 * included.
 */
export function searchTermIndexes(
  table: string,
  t: { organisationId: ExtraConfigColumn; clubAccountId: ExtraConfigColumn; rowId: ExtraConfigColumn; term: ExtraConfigColumn },
  orderKey: ExtraConfigColumn[],
) {
  return [
    primaryKey({ name: `${table}_pk`, columns: [t.rowId, t.term] }),
    index(`${table}_search_idx`).on(t.clubAccountId, t.term.op('text_pattern_ops'), t.rowId, t.organisationId, ...orderKey),
    tenantIsolation(t.organisationId),
  ];
}

interface TermsTable {
  clubAccountId: PgColumn;
  rowId: PgColumn;
  term: PgColumn;
}

/** At most this many words of a search are used. */
const MAX_WORDS = 8;

/**
 * The words of a search box, lower-cased, or null when nothing searchable is left. Words keep
 * letters, digits and the characters of e-mail addresses and golf IDs (@ . _ -); anything else
 * separates words.
 */
export function searchWords(search: string | undefined): string | null {
  const words = (search ?? '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}@._-]+/u)
    .map((w) => w.replace(/^[@._-]+|[@._-]+$/g, ''))
    .filter((w) => /[\p{L}\p{N}]/u.test(w))
    .slice(0, MAX_WORDS);
  return words.length > 0 ? words.join(' ') : null;
}

/**
 * A word of letters and ASCII digits: the `simple` configuration makes exactly one lexeme of it
 * (a word, a number or both), so a search of such words has one range scan per word (matchingIds).
 */
const ONE_LEXEME = /^[\p{L}0-9]+$/u;

/**
 * The ids of the rows that have, for each word of `words` (searchWords; split as the `simple`
 * text search configuration splits them, the same as the stored vectors), a term starting with it.
 */
function matchingIds(terms: TermsTable, clubAccountId: string, words: string, keys: readonly PgColumn[] = []): SQL {
  // Each key column of the terms (pageOfMatches) as k0, k1, …: the same on every terms row of a row.
  const k = keys.map((_, i) => sql.identifier(`k${i}`));
  const selected = sql.join(
    keys.map((c, i) => sql`, ${c} as ${k[i]}`),
    sql``,
  );
  const each = [...new Set(words.split(' '))];
  if (each.every((word) => ONE_LEXEME.test(word))) {
    // The common searches (a surname, a first name and a surname, a member number): one range scan
    // per word, the rows found by every scan (INTERSECT, or DISTINCT for one word: a member whose
    // first name and surname both start with the word is one match). On PGlite, 50,000 members,
    // the page of "andersson" took 1.6 ms and of "anna lind" 4.3 ms with the words counted per row
    // (below), 1.1 and 2.5 ms this way; PostgreSQL 1.3 -> 0.6 and 4.6 -> 1.6 ms (bench/README.md).
    // Each word's lexeme is the stored terms' own (to_tsvector; min() makes it one value whatever
    // the text), and its bounds are computed beside the terms, never in their condition:
    // `lexeme || chr(1114111)` is not leakproof, so under the tenant policy a bound computed there
    // ended no range scan but filtered every later term of the club account (33 ms).
    const scans = each.map(
      (word) => sql`
      select ${each.length === 1 ? sql`distinct ` : sql``}${terms.rowId} as id${selected}
      from (select min(lexeme) as lo, min(lexeme) || chr(1114111) as hi from unnest(to_tsvector('simple', ${word}))) word,
        ${terms}
      where ${terms.clubAccountId} = ${clubAccountId} and ${terms.term} ~>=~ word.lo and ${terms.term} ~<~ word.hi`,
    );
    return sql.join(scans, sql` intersect `);
  }
  const grouped = sql.join(
    k.map((ki) => sql`, found.${ki}`),
    sql``,
  );
  // chr(1114111) (U+10FFFF) sorts after every character, so [word, word || it) holds exactly the
  // terms that start with the word, in the byte order of text_pattern_ops. One range scan per word
  // (LATERAL … OFFSET 0 keeps the planner from turning it into one scan of the whole club account
  // filtered afterwards, which it chose while the terms had no statistics yet: 1.2 s).
  return sql`
    with words as materialized (
      select lexeme as lo, lexeme || chr(1114111) as hi from unnest(to_tsvector('simple', ${words}))
    )
    select found.id${grouped} from words cross join lateral (
      select ${terms.rowId} as id${selected} from ${terms}
      where ${terms.clubAccountId} = ${clubAccountId} and ${terms.term} ~>=~ words.lo and ${terms.term} ~<~ words.hi
      offset 0
    ) found
    group by found.id${grouped}
    having count(distinct words.lo) = (select count(*) from words)
  `;
}

/**
 * A condition on `id`: the row matches every word of `search` (matchingIds). Null when the search
 * has no words. The matching ids are found first (the index range scans) and handed to the
 * enclosing query as an array, so it looks them up by primary key.
 */
export function matchesWords(terms: TermsTable, id: PgColumn, clubAccountId: string, search: string | undefined): SQL | null {
  const words = searchWords(search);
  if (!words) return null;
  return sql`${id} = any(array(${matchingIds(terms, clubAccountId, words)}))`;
}

/**
 * How many rows of the club account match `search`, counted in the terms index alone: the total
 * of a list whose only condition is the search, without reading each match's row (1,356 invoices
 * of "andersson": 21 buffers instead of 5,445). Every terms row belongs to a row of the club
 * account (its triggers write it, a cascade deletes it), so the count is the list's. Null when
 * the search has no words.
 */
export async function countMatches(
  // A Db or Tx of db/client.ts (which imports the tables, and so this file).
  conn: Pick<PgDatabase<PgQueryResultHKT>, 'select'>,
  terms: TermsTable,
  clubAccountId: string,
  search: string | undefined,
): Promise<number | null> {
  const words = searchWords(search);
  if (!words) return null;
  const [row] = await conn.select({ n: count() }).from(sql`(${matchingIds(terms, clubAccountId, words)}) as matches`);
  return row?.n ?? 0;
}

/**
 * A condition on `id`: the row is on `page` of the rows matching `search`, in `order`, chosen in
 * the terms index alone (its `orderKey` columns, searchTermColumns) before any row is read: a top-N
 * over the matches' index entries, then 25 primary-key reads, instead of reading every match to
 * sort it (1,356 invoices of "andersson": every match read, 5,545 buffers). `order` names the
 * terms' copies of the list's default order, most significant first, ending with a unique one
 * (the row id, or a column unique in the club account), so the page is the same as sorting the
 * rows. Only for a list whose only condition is the search: a filter or the "only team-created
 * documents" rule would need the rows. Null when the search has no words.
 */
export function pageOfMatches(
  terms: TermsTable,
  id: PgColumn,
  clubAccountId: string,
  search: string | undefined,
  order: { columns: readonly PgColumn[]; direction: 'asc' | 'desc' },
  page: { page: number; pageSize: number },
): SQL | null {
  const words = searchWords(search);
  if (!words) return null;
  const dir = order.direction === 'desc' ? sql`desc` : sql`asc`;
  const by = sql.join(
    order.columns.map((_, i) => sql`matches.${sql.identifier(`k${i}`)} ${dir}`),
    sql`, `,
  );
  const matches = matchingIds(terms, clubAccountId, words, order.columns);
  return sql`${id} = any(array(select matches.id from (${matches}) as matches order by ${by} limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}))`;
}
