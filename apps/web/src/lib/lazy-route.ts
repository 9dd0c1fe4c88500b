import { CHUNK_LOAD_TIMEOUT_MS } from '@fairway/shared/constants';
import type { ComponentType } from 'react';

/** A route's script did not arrive: a timeout, a dropped connection or a deploy that replaced it. */
export class ChunkLoadError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ChunkLoadError';
  }
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`Chunk did not load within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(error instanceof Error ? error.message : String(error), { cause: error }));
      },
    );
  });
}

export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  const message = error instanceof Error ? error.message : '';
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(message);
}

/**
 * A React Router `lazy` that gives up after 120 s (`CHUNK_LOAD_TIMEOUT_MS`), so a stalled network
 * ends on the error screen with a reload button instead of an endless spinner.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS) {
  return async () => {
    const module = await withTimeout(load(), timeoutMs);
    return { Component: module.default };
  };
}
