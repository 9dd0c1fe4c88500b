/**
 * A promise and the function that settles it, for a test that holds one step until another has
 * happened (Node 20 has no `Promise.withResolvers`).
 */
export interface Latch<T = void> {
  promise: Promise<T>;
  resolve: (value: T) => void;
}

export function latch<T = void>(): Latch<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
