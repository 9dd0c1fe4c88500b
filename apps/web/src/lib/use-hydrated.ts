import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in a prerendered page's HTML and while React hydrates it, true once React runs the page
 * (docs/web-app.md#prerendered-pages); true from the first render of a page React draws itself.
 * A form painted before its scripts keeps its controls disabled until then, so nothing typed or
 * sent before the page works goes astray (a native submit would put the fields in the address);
 * a button that opens something says `aria-disabled` until then.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
