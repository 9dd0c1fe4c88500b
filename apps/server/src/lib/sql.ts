/** A user's search as a LIKE/ILIKE pattern: `%` and `_` typed by a user are literal characters, not wildcards. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const CHUNK = 1_000;

/** Reads `values` in chunks (an IN list of at most CHUNK), answering every row. */
export async function inChunks<T>(values: readonly string[], read: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < values.length; i += CHUNK) out.push(...(await read(values.slice(i, i + CHUNK) as string[])));
  return out;
}
