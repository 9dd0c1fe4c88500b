import { Box, NavLink, ScrollArea, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useHiddenResources } from '../../features/hidden-resources/api/get-hidden-resources';
import { useMyModules } from '../../features/subscriptions/api/get-my-modules';
import { useCurrentUser } from '../../lib/current-user';
import { isLinkActive, type NavGroupDef, navHome, visibleNavGroups } from '../navigation';
import { useScreen } from '../use-screen';
import { LazyClubAccountSwitcher } from './header-menus';

/**
 * The dashboard sidebar: the brand's home plus its collapsible groups (docs/web-app.md#routes,
 * docs/brands.md). Pages of modules the organisation lacks stay out (until its modules are known).
 */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const screen = useScreen();
  const user = useCurrentUser();
  const hidden = useHiddenResources();
  const modules = useMyModules().data?.map((m) => m.id) ?? [];
  // Pages the user hid (account settings) leave the menu; the page where they are stays.
  const groups = visibleNavGroups(user?.scopes ?? [], { modules })
    .map((g) => ({ ...g, links: g.links.filter((l) => !hidden.includes(`nav:${l.id}`) || isLinkActive(l, pathname, screen)) }))
    .filter((g) => g.links.length > 0);
  const activeGroup = groups.find((g) => g.links.some((l) => isLinkActive(l, pathname, screen)))?.id;

  // Groups start open where the current page is; the user's own toggles are kept after that.
  const [toggled, setToggled] = useState<Partial<Record<NavGroupDef['id'], boolean>>>({});
  const isOpen = (id: NavGroupDef['id']) => toggled[id] ?? id === activeGroup;

  const home = navHome();
  const HomeIcon = home.icon;
  return (
    <ScrollArea type="auto" style={{ flex: 1 }} scrollbarSize={8}>
      <Stack gap={4} p="sm">
        <Box hiddenFrom="sm" mb="xs">
          <LazyClubAccountSwitcher fullWidth />
        </Box>
        <NavLink
          component={Link}
          to={home.to}
          label={home.id === 'home' ? t('nav.home') : t(`nav.links.${home.id}`)}
          leftSection={<HomeIcon size={20} stroke={1.6} aria-hidden="true" />}
          active={isLinkActive(home, pathname)}
          aria-current={isLinkActive(home, pathname) ? 'page' : undefined}
          onClick={onNavigate}
          variant="light"
        />
        {groups.map((group) => {
          const GroupIcon = group.icon;
          const open = isOpen(group.id);
          const childrenId = `nav-group-${group.id}`;
          return (
            <NavLink
              key={group.id}
              component="button"
              type="button"
              label={t(`nav.groups.${group.id}`)}
              leftSection={<GroupIcon size={20} stroke={1.6} aria-hidden="true" />}
              opened={open}
              onChange={(value) => setToggled((prev) => ({ ...prev, [group.id]: value }))}
              aria-expanded={open}
              aria-controls={childrenId}
              fw={group.id === activeGroup ? 600 : undefined}
              childrenOffset={28}
              data-nav-group={group.id}
            >
              <Box id={childrenId} component="ul" role="list" p={0} m={0} style={{ listStyle: 'none' }}>
                {/* A group's links are drawn from its first opening on: the closed ones cost the first paint nothing. */}
                {(open || toggled[group.id] !== undefined) &&
                  group.links.map((link) => {
                    const LinkIcon = link.icon;
                    const active = isLinkActive(link, pathname, screen);
                    return (
                      <li key={link.id}>
                        <NavLink
                          component={Link}
                          to={link.to}
                          label={t(`nav.links.${link.id}`)}
                          leftSection={<LinkIcon size={18} stroke={1.6} aria-hidden="true" />}
                          active={active}
                          aria-current={active ? 'page' : undefined}
                          onClick={onNavigate}
                          variant="light"
                        />
                      </li>
                    );
                  })}
              </Box>
            </NavLink>
          );
        })}
      </Stack>
    </ScrollArea>
  );
}
