import { EventEmitter } from 'node:events';

/**
 * Wakes waiters in this process at once: a claim long-poll when work is queued, a provider call
 * when its item gets a result. Other processes (a second API process, a worker) are not told;
 * their waiters also look at the database every `pollMs`, so a signal only saves latency and a
 * lost one costs at most one poll interval.
 */
const emitter = new EventEmitter();
emitter.setMaxListeners(0);

const queuedEvent = (clubAccountId: string) => `queued:${clubAccountId}`;
const finishedEvent = (workId: string) => `finished:${workId}`;

export function signalQueued(clubAccountId: string): void {
  emitter.emit(queuedEvent(clubAccountId));
}

export function signalFinished(workId: string): void {
  emitter.emit(finishedEvent(workId));
}

function waitFor(event: string, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted || ms <= 0) {
      resolve();
      return;
    }
    const done = () => {
      clearTimeout(timer);
      emitter.off(event, done);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    emitter.on(event, done);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** Resolves when work is queued for the club account, after `ms`, or on abort — whichever comes first. */
export function waitForQueued(clubAccountId: string, ms: number, signal?: AbortSignal): Promise<void> {
  return waitFor(queuedEvent(clubAccountId), ms, signal);
}

/** Resolves when the item gets a result, after `ms`, or on abort — whichever comes first. */
export function waitForFinished(workId: string, ms: number, signal?: AbortSignal): Promise<void> {
  return waitFor(finishedEvent(workId), ms, signal);
}
