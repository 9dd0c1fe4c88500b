import { count, type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  type ExtraConfigColumn,
  index,
  type PgColumn,
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

/** The columns of a terms table; `rowId` names the searchable row (cascading delete). */
export function searchTermColumns(rowId: { name: string; references: () => AnyPgColumn }) {
  return {
    organisationId: uuid('organisation_id').notNull(),
    clubAccountId: uuid('club_account_id').notNull(),
    rowId: uuid(rowId.name).notNull().references(rowId.references, { onDelete: 'cascade' }),
    term: text('term').notNull(),
  };
}

/**
 * The key (a row's words, for the triggers' deletes), the search index (every column, so a
 * search reads the index alone, the tenant policy's organisation included) and the policy.
 */
export function searchTermIndexes(
  table: string,
  t: { organisationId: ExtraConfigColumn; clubAccountId: ExtraConfigColumn; rowId: ExtraConfigColumn; term: ExtraConfigColumn },
) {
  return [
    primaryKey({ name: `${table}_pk`, columns: [t.rowId, t.term] }),
    index(`${table}_search_idx`).on(t.clubAccountId, t.term.op('text_pattern_ops'), t.rowId, t.organisationId),
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
 * The ids of the rows that have, for each word of `words` (searchWords; split as the `simple`
 * text search configuration splits them, the same as the stored vectors), a term starting with it.
 */
function matchingIds(terms: TermsTable, clubAccountId: string, words: string): SQL {
  // chr(1114111) (U+10FFFF) sorts after every character, so [word, word || it) holds exactly the
  // terms that start with the word, in the byte order of text_pattern_ops. One range scan per word
  // (LATERAL … OFFSET 0 keeps the planner from turning it into one scan of the whole club account
  // filtered afterwards, which it chose while the terms had no statistics yet: 1.2 s).
  return sql`
    with words as materialized (
      select lexeme as lo, lexeme || chr(1114111) as hi from unnest(to_tsvector('simple', ${words}))
    )
    select found.id from words cross join lateral (
      select ${terms.rowId} as id from ${terms}
      where ${terms.clubAccountId} = ${clubAccountId} and ${terms.term} ~>=~ words.lo and ${terms.term} ~<~ words.hi
      offset 0
    ) found
    group by found.id
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
