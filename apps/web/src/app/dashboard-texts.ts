/**
 * The text namespaces (beyond `common` and `shell`, loaded before the first render) that the
 * dashboard's first paint waits for (docs/web-app.md#bundle-budget): those of its frame (the
 * header's notification bell, the accounting notices) and those of its home page. Every other
 * dashboard page waits for every namespace (app/dashboard-routes.tsx); the rest are fetched in the
 * background once the home page is up. `src/first-load-size.test.ts` counts these.
 */
export const DASHBOARD_FRAME_NAMESPACES = ['integrations', 'notifications'];
export const DASHBOARD_HOME_NAMESPACES = ['dashboard', 'list'];
