import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whether the code running now works for a person waiting on a page (an API request) or in the
 * background (a job). Requests to the accounting programs and GIT share one rate budget per
 * company; background work yields to people's requests (see `takeWindowSlot`), so a refresh or a
 * sync never keeps a user's create or send waiting behind it.
 */
export type WorkPriority = 'people' | 'background';

const store = new AsyncLocalStorage<WorkPriority>();

/** Runs `work` (and everything it starts) as background work. */
export function runAsBackground<T>(work: () => Promise<T>): Promise<T> {
  return store.run('background', work);
}

/** The priority of the code running now: people unless inside `runAsBackground`. */
export function currentPriority(): WorkPriority {
  return store.getStore() ?? 'people';
}
