import { useMatches } from 'react-router';
import type { ScreenDef } from './route-table';

export interface ScreenHandle {
  screen: ScreenDef;
}

function isScreenHandle(handle: unknown): handle is ScreenHandle {
  return typeof handle === 'object' && handle !== null && 'screen' in handle;
}

/** The route-table entry of the deepest matched route, if it has one. */
export function useScreen(): ScreenDef | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle;
    if (isScreenHandle(handle)) return handle.screen;
  }
  return undefined;
}
