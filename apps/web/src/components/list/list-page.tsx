import type { Scope } from '@fairway/shared';
import { Tabs } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { brand } from '../../app/brand';
import { useCurrentUser } from '../../lib/current-user';
import { useTabParam } from '../../lib/use-tab-param';
import { AccessDeniedScreen } from '../access-denied-screen';
import { type Crumb, PageHeader } from '../page-header';

/** One tab of a list page: its `?tab=` value, its label and icon, and what it shows. */
export interface ListPageTab {
  value: string;
  label: string;
  icon: Icon;
  content: ReactNode;
}

export interface ListPageProps {
  title: string;
  description: ReactNode;
  /** The navigation group the page sits in (the breadcrumb between home and the page). */
  section: string;
  /** Who may see the lists; others get the access-denied screen. */
  scope: Scope;
  /** Tabs, the first being the default; a page with one list passes `children` instead. */
  tabs?: readonly [ListPageTab, ...ListPageTab[]];
  children?: ReactNode;
  /** The key of the page's contextual help text (see `PageHeader`). */
  helpKey?: string;
}

/**
 * The page around a server-side list: tab title, header with breadcrumbs (home › section › page),
 * the access-denied screen without `scope`, and either the list or tabs kept in `?tab=` (a link
 * can open one, a reload keeps it). Nothing is drawn below the header until the viewer is known.
 */
export function ListPage({ title, description, section, scope, tabs, children, helpKey }: ListPageProps) {
  const { t } = useTranslation('shell');
  const user = useCurrentUser();
  useDocumentTitle(`${title} · ${brand.name}`);
  const breadcrumbs: Crumb[] = [{ label: t('nav.home'), to: '/dashboard' }, { label: section }, { label: title }];
  const allowed = user?.scopes.includes(scope) ?? false;

  let body: ReactNode;
  if (user && !allowed) body = <AccessDeniedScreen />;
  else if (tabs) body = allowed ? <PageTabs tabs={tabs} /> : <PageTabs tabs={tabs} empty />;
  else body = allowed ? children : null;

  return (
    <>
      <PageHeader title={title} breadcrumbs={breadcrumbs} description={description} helpKey={helpKey} />
      {body}
    </>
  );
}

/**
 * A page's tabs, the active one kept in `?tab=` (a link can open one, a reload keeps it); the
 * first is the default. `empty` draws the tabs without their content (the viewer is not known yet).
 */
export function PageTabs({ tabs, empty = false }: { tabs: readonly [ListPageTab, ...ListPageTab[]]; empty?: boolean }) {
  const [tab, setTab] = useTabParam(
    tabs.map((entry) => entry.value),
    tabs[0].value,
  );
  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false}>
      <Tabs.List mb="md">
        {tabs.map(({ value, label, icon: TabIcon }) => (
          <Tabs.Tab key={value} value={value} leftSection={<TabIcon size={16} aria-hidden="true" />}>
            {label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map(({ value, content }) => (
        <Tabs.Panel key={value} value={value}>
          {empty ? null : content}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
