/**
 * Events the API client raises for the shell to act on. The client lives outside React, so it
 * cannot open modals or navigate itself; the shell subscribes once at the root.
 */
export interface AppEventMap {
  /** A call was refused with 403; the shell shows the access-denied modal with this message. */
  'access-denied': { message: string };
  /** A call with a token got 401 and a silent refresh could not rescue it. */
  'session-expired': { message: string };
}

const target = new EventTarget();

export function emitAppEvent<K extends keyof AppEventMap>(type: K, detail: AppEventMap[K]): void {
  target.dispatchEvent(new CustomEvent(type, { detail }));
}

export function onAppEvent<K extends keyof AppEventMap>(type: K, handler: (detail: AppEventMap[K]) => void): () => void {
  const listener = (event: Event) => handler((event as CustomEvent<AppEventMap[K]>).detail);
  target.addEventListener(type, listener);
  return () => target.removeEventListener(type, listener);
}
