/**
 * Every dashboard screen whose own page is not built yet (docs/web-app.md#outlines). Until then each is
 * shown by `ScreenOutlinePage`: its title, breadcrumbs, tabs and an empty state explaining what
 * will appear there (texts in the `screens` namespace under the screen's id).
 *
 * A later issue takes a screen over by giving its route a page of its own in `dashboard-routes.tsx` and
 * removing the entry here (and its `screens` texts).
 */

export type NavGroupId = 'accounting' | 'golf' | 'configuration' | 'help' | 'memberCare';

export interface ScreenDef {
  /** Key in the `screens` namespace. */
  id: string;
  /** Path below /dashboard. */
  path: string;
  /** Sidebar group, used as the middle breadcrumb. */
  group?: NavGroupId;
  /** Screen whose page this one belongs to (linked in the breadcrumbs). */
  parent?: string;
  /** Tab ids; each has its own label and empty state under `tabs.<id>`. The active tab lives in `?tab=`. */
  tabs?: readonly string[];
  /** The empty state links to Integrations: the data comes from a connected system. */
  needsConnection?: boolean;
  /** A path parameter shown in the title; its value is looked up under `params.<value>`. */
  param?: string;
}

export const SCREENS: readonly ScreenDef[] = [];

export function screenById(id: string): ScreenDef | undefined {
  return SCREENS.find((s) => s.id === id);
}

/** Absolute link to a screen; parameterised paths are only linked from their parent. */
export function screenHref(screen: ScreenDef): string {
  return `/dashboard/${screen.path}`;
}

/** The integrations screen, where a club connects GIT and its accounting program. */
export const INTEGRATIONS_PATH = '/dashboard/configuration/integrations';
