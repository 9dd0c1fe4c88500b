/**
 * Text PostgreSQL cannot store: U+0000 (refused in `text` and `jsonb`, 22P05) and UTF-16
 * surrogates without their pair (not valid Unicode; refused as 22P02/22021 once encoded). Browsers
 * and JSON can carry both, so every input is checked against this one rule, and data from other
 * systems is cleaned with `storableText` before it is kept.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: U+0000 is exactly what PostgreSQL refuses to store.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: U+0000 is exactly what PostgreSQL refuses to store.
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

interface Visit {
  value: unknown;
  key: string | number | null;
  parent: Visit | null;
}

function pathOf(visit: Visit): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: Visit | null = visit; at && at.key !== null; at = at.parent) path.push(at.key);
  return path.reverse();
}

/** Sets an own property, also one named `__proto__` (which `out[key] = value` would not). */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * The paths (as lists of keys and indexes) of every string in a JSON-like value that fails
 * `isStorableText`, keys included (a bad key is reported at its own path). The walk keeps its own
 * stack: a request body nested ten thousand levels deep is read, not a stack overflow.
 */
export function unstorableTextPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  const found: (string | number)[][] = [];
  const stack: Visit[] = [{ value, key: null, parent: null }];
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    const current = visit.value;
    if (typeof current === 'string') {
      if (!isStorableText(current)) found.push([...path, ...pathOf(visit)]);
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], key: i, parent: visit });
      continue;
    }
    if (!isPlainObject(current)) continue;
    const entries = Object.entries(current);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i] as [string, unknown];
      if (isStorableText(key)) stack.push({ value: item, key, parent: visit });
      else found.push([...path, ...pathOf(visit), storableText(key)]);
    }
  }
  return found;
}

/**
 * `storableText` over every string of a JSON-like value, keys included. Only arrays and plain
 * objects are walked (dates, buffers and class instances are kept as they are); a value with
 * nothing to clean is returned as is, otherwise its arrays and objects are copied. Like
 * `unstorableTextPaths`, it keeps its own stack, whatever the depth.
 */
export function storableDeep<T>(value: T): T {
  if (typeof value === 'string') return storableText(value) as T;
  if (unstorableTextPaths(value).length === 0) return value;
  const root: Record<string, unknown> = { value };
  type Slot = { holder: Record<string | number, unknown>; key: string | number };
  const put = (slot: Slot, next: unknown) => {
    if (typeof slot.key === 'number') slot.holder[slot.key] = next;
    else setOwn(slot.holder as Record<string, unknown>, slot.key, next);
  };
  const stack: Slot[] = [{ holder: root, key: 'value' }];
  for (let slot = stack.pop(); slot; slot = stack.pop()) {
    const current = slot.holder[slot.key];
    if (typeof current === 'string') {
      put(slot, storableText(current));
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (Array.isArray(current)) {
      const copy: unknown[] = current.slice();
      put(slot, copy);
      for (let i = 0; i < copy.length; i++) stack.push({ holder: copy as unknown as Record<number, unknown>, key: i });
      continue;
    }
    if (!isPlainObject(current)) continue;
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(current)) setOwn(copy, storableText(key), item);
    put(slot, copy);
    for (const key of Object.keys(copy)) stack.push({ holder: copy, key });
  }
  return root.value as T;
}
