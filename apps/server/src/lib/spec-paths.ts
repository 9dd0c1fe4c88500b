/**
 * Second paths of routes we already serve: the names the product's call list gives them, where our
 * own path says more (`git/paid-invoices` is also `golf_paid_invoices`). One table for all of them,
 * one handler per route: the module registers its route once per path of `pathsOf`, so the spec's
 * path has the same scope, tenant check, schemas and service as ours (docs/api.md#second-paths).
 */
const SECOND_PATHS = {
  'GET /git/paid-invoices': ['/golf_paid_invoices'],
  'GET /invoices/:id/payments': ['/invoice_payment/:id'],
  'POST /invoices/:id/payments': ['/register/:id', '/invoice_payment/:id'],
  'GET /contracts/tags': ['/tags'],
  'PUT /contracts/:id/tags': ['/tags/:id'],
  'POST /git/imports': ['/uploads'],
  'GET /git/imports/:id': ['/uploads/:id'],
} as const satisfies Record<string, readonly string[]>;

export type RouteWithSecondPaths = keyof typeof SECOND_PATHS;

/** Our path first, then its second paths: `pathsOf('GET /git/paid-invoices')` → both urls. */
export function pathsOf(route: RouteWithSecondPaths): string[] {
  const [, path] = route.split(' ') as [string, string];
  return [path, ...SECOND_PATHS[route]];
}

/** Every second path, as `METHOD /path → /our/path` pairs (for docs and tests). */
export function secondPaths(): { method: string; path: string; ours: string }[] {
  return Object.entries(SECOND_PATHS).flatMap(([route, paths]) => {
    const [method, ours] = route.split(' ') as [string, string];
    return paths.map((path) => ({ method, path, ours }));
  });
}
