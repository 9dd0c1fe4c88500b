/**
 * Text PostgreSQL cannot store: U+0000 (refused in `text` and `jsonb`, 22P05) and UTF-16
 * surrogates without their pair (not valid Unicode; refused as 22P02/22021 once encoded). Browsers
 * and JSON can carry both, so every input is checked against this one rule, and data from other
 * systems is cleaned with `storableText` before it is kept.
 */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const NUL = /\u0000/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/** The text with NUL removed and each lone surrogate replaced by U+FFFD, as a decoder would. */
export function storableText(value: string): string {
  return isStorableText(value) ? value : value.replace(NUL, '').replace(LONE_SURROGATE, '\ufffd');
}

/** Objects JSON and query parsers make: `{}`, or one whose prototype has no prototype (fast-querystring's). */
function isPlainObject(value: object): value is Record<string, unknown> {
  const proto = Object.getPrototypeOf(value);
  return proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null;
}

/**
 * `storableText` over every string of a JSON-like value, keys included. Only arrays and plain
 * objects are walked (dates, buffers and class instances are kept as they are); an unchanged
 * value is returned as is.
 */
export function storableDeep<T>(value: T): T {
  if (typeof value === 'string') return storableText(value) as T;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((item) => {
      const clean = storableDeep(item);
      if (clean !== item) changed = true;
      return clean;
    });
    return (changed ? out : value) as T;
  }
  if (!isPlainObject(value)) return value;
  let changed = false;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const cleanKey = storableText(key);
    const clean = storableDeep(item);
    if (cleanKey !== key || clean !== item) changed = true;
    out[cleanKey] = clean;
  }
  return (changed ? out : value) as T;
}

/**
 * The paths (as lists of keys and indexes) of every string in a JSON-like value that fails
 * `isStorableText`, keys included (a bad key is reported at its own path).
 */
export function unstorableTextPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return isStorableText(value) ? [] : [path];
  if (value === null || typeof value !== 'object') return [];
  if (Array.isArray(value)) return value.flatMap((item, i) => unstorableTextPaths(item, [...path, i]));
  if (!isPlainObject(value)) return [];
  return Object.entries(value).flatMap(([key, item]) =>
    isStorableText(key) ? unstorableTextPaths(item, [...path, key]) : [[...path, storableText(key)]],
  );
}
