import { Button, Stack, Tabs } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlugConnected } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { brand } from '../app/brand';
import { INTEGRATIONS_PATH, type ScreenDef, screenById, screenHref } from '../app/route-table';
import { useScreen } from '../app/use-screen';
import { useTabParam } from '../lib/use-tab-param';
import { EmptyState } from './empty-state';
import { type Crumb, PageHeader } from './page-header';

function useScreenTitle(screen: ScreenDef): string {
  const { t } = useTranslation('screens');
  const params = useParams();
  const value = screen.param ? params[screen.param] : undefined;
  const param = value ? t(`${screen.id}.params.${value}`, { defaultValue: value }) : undefined;
  return t(`${screen.id}.title`, { param });
}

/**
 * The page every dashboard screen of the route table shows until its own page lands: title,
 * breadcrumbs, its tabs and an honest empty state saying what will appear and why it is empty.
 */
export default function ScreenOutlinePage() {
  const screen = useScreen();
  if (!screen) return null;
  // Keyed so tab state and titles reset when moving between screens sharing this component.
  return <ScreenOutline key={screen.id} screen={screen} />;
}

function ScreenOutline({ screen }: { screen: ScreenDef }) {
  const { t } = useTranslation(['screens', 'shell']);
  const [active, selectTab] = useTabParam(screen.tabs ?? [], screen.tabs?.[0] ?? '');
  const title = useScreenTitle(screen);
  useDocumentTitle(`${title} · ${brand.name}`);

  const parent = screen.parent ? screenById(screen.parent) : undefined;
  const breadcrumbs: Crumb[] = [{ label: t('shell:nav.home'), to: '/dashboard' }];
  if (screen.group) breadcrumbs.push({ label: t(`shell:nav.groups.${screen.group}`) });
  if (parent) breadcrumbs.push({ label: t(`screens:${parent.id}.title`), to: screenHref(parent) });
  breadcrumbs.push({ label: title });

  const connectAction = screen.needsConnection ? (
    <Button
      component={Link}
      to={INTEGRATIONS_PATH}
      variant="light"
      leftSection={<IconPlugConnected size={18} aria-hidden="true" />}
    >
      {t('shell:screen.goToIntegrations')}
    </Button>
  ) : null;

  if (!screen.tabs) {
    return (
      <>
        <PageHeader title={title} breadcrumbs={breadcrumbs} />
        <EmptyState title={t(`screens:${screen.id}.emptyTitle`)} action={connectAction}>
          {t(`screens:${screen.id}.emptyText`)}
        </EmptyState>
      </>
    );
  }

  return (
    <>
      <PageHeader title={title} breadcrumbs={breadcrumbs} />
      <Tabs value={active} onChange={selectTab} keepMounted={false}>
        <Tabs.List mb="md" style={{ flexWrap: 'wrap' }}>
          {screen.tabs.map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {t(`screens:${screen.id}.tabs.${tab}.label`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {screen.tabs.map((tab) => (
          <Tabs.Panel key={tab} value={tab}>
            <Stack>
              <EmptyState title={t(`screens:${screen.id}.tabs.${tab}.emptyTitle`)} action={connectAction}>
                {t(`screens:${screen.id}.tabs.${tab}.emptyText`)}
              </EmptyState>
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
}
