import { IconBox, IconCategory } from '@tabler/icons-react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../app/query-client';
import { currentUserQueryKey } from '../../lib/current-user';
import { setLanguage } from '../../lib/i18n';
import { demoUser, renderRoutes } from '../../test/render';
import { ListPage } from './list-page';

function Page({ tabs = true }: { tabs?: boolean }) {
  return (
    <ListPage
      title="Artiklar"
      description="Artiklarna i bokföringsprogrammet."
      section="Ekonomi"
      scope="articles.read"
      tabs={
        tabs
          ? [
              { value: 'articles', label: 'Artiklar', icon: IconBox, content: <p>Artikellistan</p> },
              { value: 'segments', label: 'Segment', icon: IconCategory, content: <p>Segmentlistan</p> },
            ]
          : undefined
      }
    >
      <p>Den enda listan</p>
    </ListPage>
  );
}

function open(path: string, element = <Page />) {
  return renderRoutes([{ path: '/list', element }], path);
}

beforeEach(async () => {
  await setLanguage('sv');
  queryClient.setQueryData(currentUserQueryKey, demoUser);
});

afterEach(() => {
  queryClient.clear();
});

describe('ListPage', () => {
  it('names the page in the header, breadcrumbs and tab title, and opens the first tab by default', async () => {
    open('/list');
    expect(screen.getByRole('heading', { level: 1, name: 'Artiklar' })).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: /./ });
    expect(crumbs.textContent).toContain('Översikt');
    expect(crumbs.textContent).toContain('Ekonomi');
    expect(screen.getByRole('tab', { name: 'Artiklar', selected: true })).toBeTruthy();
    expect(screen.getByText('Artikellistan')).toBeTruthy();
    expect(screen.queryByText('Segmentlistan')).toBeNull();
    await waitFor(() => expect(document.title).toMatch(/^Artiklar · /));
  });

  it('opens the tab the address names and keeps a switch in the address', async () => {
    const user = userEvent.setup();
    const { router } = open('/list?tab=segments&search=golf');
    expect(screen.getByRole('tab', { name: 'Segment', selected: true })).toBeTruthy();
    expect(screen.getByText('Segmentlistan')).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Artiklar' }));
    await waitFor(() => expect(screen.getByText('Artikellistan')).toBeTruthy());
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('tab')).toBe('articles');
    expect(params.get('search')).toBe('golf');
  });

  it('falls back to the first tab for an unknown one', () => {
    open('/list?tab=passwords');
    expect(screen.getByRole('tab', { name: 'Artiklar', selected: true })).toBeTruthy();
  });

  it('shows the access-denied screen instead of the lists without the read scope', () => {
    queryClient.setQueryData(currentUserQueryKey, { ...demoUser, scopes: demoUser.scopes.filter((s) => s !== 'articles.read') });
    open('/list');
    expect(screen.getByText('Du har inte behörighet till sidan.')).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByText('Artikellistan')).toBeNull();
  });

  it('shows a single list without tabs', () => {
    open('/list', <Page tabs={false} />);
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.getByText('Den enda listan')).toBeTruthy();
  });
});
