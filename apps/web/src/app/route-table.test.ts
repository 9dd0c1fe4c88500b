import { DEFAULT_ROLE_SCOPES } from '@fairway/shared';
import { LANGUAGES } from '@fairway/shared/constants';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n';
import { allRoutes } from '../test/app-routes';
import { USER_MENU_ACCOUNT, USER_MENU_CONFIGURATION } from './layouts/user-menu';
import { isLinkActive, NAV_GROUPS, visibleNavGroups } from './navigation';
import { SCREENS, screenById } from './route-table';

function missingKeys(keys: string[]): string[] {
  return LANGUAGES.flatMap((lng) => keys.filter((key) => !i18n.exists(key, { lng })).map((key) => `${lng}:${key}`));
}

describe('route table', () => {
  it('has unique ids and paths', () => {
    expect(new Set(SCREENS.map((s) => s.id)).size).toBe(SCREENS.length);
    expect(new Set(SCREENS.map((s) => s.path.toLowerCase())).size).toBe(SCREENS.length);
  });

  it('names existing parents', () => {
    for (const screen of SCREENS) if (screen.parent) expect(screenById(screen.parent)).toBeDefined();
  });

  it('has a title and an empty state in both languages for every screen and tab', () => {
    const keys = SCREENS.flatMap((screen) => {
      const base = `screens:${screen.id}`;
      if (!screen.tabs) return [`${base}.title`, `${base}.emptyTitle`, `${base}.emptyText`];
      return [
        `${base}.title`,
        ...screen.tabs.flatMap((tab) => [
          `${base}.tabs.${tab}.label`,
          `${base}.tabs.${tab}.emptyTitle`,
          `${base}.tabs.${tab}.emptyText`,
        ]),
      ];
    });
    expect(missingKeys(keys)).toEqual([]);
  });

  it('never promises features that are not there yet', () => {
    const texts = JSON.stringify(i18n.getResourceBundle('en', 'screens')).toLowerCase();
    expect(texts).not.toMatch(/coming\s+soon|not\s+implemented|under construction/);
  });
});

describe('sidebar', () => {
  it('has the five groups, each with links that lead to registered routes', () => {
    expect(NAV_GROUPS.map((g) => g.id)).toEqual(['accounting', 'golf', 'configuration', 'help', 'memberCare']);
    for (const group of NAV_GROUPS) {
      expect(group.links.length).toBeGreaterThan(0);
      for (const link of group.links) {
        expect(matchRoutes(allRoutes, link.to)?.at(-1)?.route.path).not.toBe('*');
      }
    }
  });

  it('labels every group and link in both languages', () => {
    const keys = NAV_GROUPS.flatMap((g) => [`shell:nav.groups.${g.id}`, ...g.links.map((l) => `shell:nav.links.${l.id}`)]);
    expect(missingKeys(keys)).toEqual([]);
  });

  it('marks a list link active on its own pages and its children', () => {
    const articles = NAV_GROUPS[0].links[0];
    expect(isLinkActive(articles, '/dashboard/acounting/article')).toBe(true);
    expect(isLinkActive(articles, '/dashboard/acounting/article/edit/4/')).toBe(true);
    expect(isLinkActive(articles, '/dashboard/acounting/articles-other')).toBe(false);
    const members = NAV_GROUPS[1].links[0];
    expect(isLinkActive(members, '/dashboard/golfrelated/create-member', { id: 'createMember', parent: 'members' })).toBe(true);
  });

  it('has one link per page: a page reached at two addresses is one entry, active at both', () => {
    // The page a link opens: its route's loader, and the outlined screen when several share one.
    const loaders: unknown[] = [];
    const pageOf = (to: string) => {
      const route = matchRoutes(allRoutes, to)?.at(-1)?.route;
      if (!loaders.includes(route?.lazy)) loaders.push(route?.lazy);
      return `${loaders.indexOf(route?.lazy)}|${(route?.handle as { screen?: { id: string } } | undefined)?.screen?.id ?? ''}`;
    };
    const links = NAV_GROUPS.flatMap((g) => g.links);
    const pages = links.map((l) => pageOf(l.to));
    expect(new Set(pages).size).toBe(pages.length);
    // The SMS plan is at /dashboard/customer-care and under member care: one entry, lit at both.
    const smsPlans = links.find((l) => l.id === 'smsPlans');
    expect(smsPlans && isLinkActive(smsPlans, '/dashboard/customer-care')).toBe(true);
    expect(links.filter((l) => pageOf(l.to) === pageOf('/dashboard/customer-care')).map((l) => l.id)).toEqual(['smsPlans']);
  });
});

describe('user dropdown', () => {
  it('links every entry to a registered route and labels it in both languages', () => {
    const entries = [
      ...USER_MENU_ACCOUNT.map((e) => ({ ...e, key: `shell:userMenu.account.${e.id}` })),
      ...USER_MENU_CONFIGURATION.map((e) => ({ ...e, key: `shell:userMenu.configuration.${e.id}` })),
    ];
    expect(entries.map((e) => e.id)).toEqual([
      'profile',
      'settings',
      'subscription',
      'billing',
      'billingDetails',
      'faq',
      'invoice',
      'contract',
      'member',
      'article',
      'email',
      'api',
    ]);
    for (const entry of entries) {
      expect(matchRoutes(allRoutes, entry.to.split('?')[0])?.at(-1)?.route.path).not.toBe('*');
    }
    expect(missingKeys(entries.map((e) => e.key))).toEqual([]);
  });

  it('points tab entries at tabs their screen has', () => {
    for (const entry of [...USER_MENU_ACCOUNT, ...USER_MENU_CONFIGURATION]) {
      const [path, search] = entry.to.split('?');
      if (!search) continue;
      const tab = new URLSearchParams(search).get('tab');
      const screen = SCREENS.find((s) => `/dashboard/${s.path}` === path);
      // Screens that have their own page (no longer outlined here) test their tabs themselves.
      if (!screen) continue;
      expect(screen.tabs).toContain(tab);
    }
  });
});

describe('navigation by scope', () => {
  const linkIds = (scopes: readonly string[]) => visibleNavGroups(scopes).flatMap((g) => g.links.map((l) => l.id));

  it('shows an Owner every link', () => {
    expect(linkIds(DEFAULT_ROLE_SCOPES.Owner)).toEqual(NAV_GROUPS.flatMap((g) => g.links.map((l) => l.id)));
  });

  it('hides the screens a role cannot use, and groups left empty', () => {
    const other = linkIds(DEFAULT_ROLE_SCOPES.Other);
    expect(other).toContain('invoices');
    expect(other).not.toContain('users');
    expect(other).not.toContain('integrations');
    expect(visibleNavGroups([]).map((g) => g.id)).toEqual(['help']);
  });
});
