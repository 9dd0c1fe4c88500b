import type { RouteObject } from 'react-router';
import { dashboardRoute } from '../app/dashboard-routes';
import { routes } from '../app/router';

/**
 * Every route at once, the dashboard's included, as the app's router has them after its first
 * navigation into /dashboard (app/router.tsx): for `matchRoutes`, which does not patch.
 */
export const allRoutes: RouteObject[] = routes.map((route) =>
  route.id === 'root' && !route.index ? { ...route, children: [...(route.children ?? []), dashboardRoute] } : route,
);
