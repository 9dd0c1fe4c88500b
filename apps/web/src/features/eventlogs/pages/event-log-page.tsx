import { EVENT_RESOURCES, EVENT_TYPES, type EventResource, type EventType, PAGE_SIZES } from '@fairway/shared';
import { Button, Group, Pagination, Paper, Select, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconHistory } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { brand } from '../../../app/brand';
import { AccessDeniedScreen } from '../../../components/access-denied-screen';
import { EmptyState } from '../../../components/empty-state';
import { type Crumb, PageHeader } from '../../../components/page-header';
import { useCurrentUser } from '../../../lib/current-user';
import { type EventLogsParams, useEventLogs } from '../api/get-event-logs';
import { EMPTY_FILTERS, EventLogFilters, type EventLogFilterValues } from '../components/event-log-filters';
import { EventLogTable } from '../components/event-log-table';

const DEFAULT_PAGE_SIZE = 25;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  value && (list as readonly string[]).includes(value) ? (value as T) : undefined;

/** Filters and page live in the address, so a filtered view survives a reload and can be shared. */
function useEventLogSearch() {
  const [searchParams, setSearchParams] = useSearchParams();
  const values: EventLogFilterValues = {
    type: oneOf(EVENT_TYPES, searchParams.get('type')) ?? '',
    resource: oneOf(EVENT_RESOURCES, searchParams.get('resource')) ?? '',
    from: DATE.test(searchParams.get('from') ?? '') ? (searchParams.get('from') as string) : '',
    to: DATE.test(searchParams.get('to') ?? '') ? (searchParams.get('to') as string) : '',
    search: (searchParams.get('search') ?? '').slice(0, 100),
  };
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const requestedSize = Number.parseInt(searchParams.get('pageSize') ?? '', 10);
  const pageSize = (PAGE_SIZES as readonly number[]).includes(requestedSize) ? requestedSize : DEFAULT_PAGE_SIZE;

  const update = (changes: Record<string, string | number>) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === '' || (key === 'page' && value === 1)) next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return { values, page, pageSize, update };
}

/**
 * The event log (docs/messages.md#event-log): both /dashboard/event-log and /dashboard/configuration/eventLog
 * show it. Every job, integration and notable change of the organisation is listed with date,
 * resource, invoice, activity, error and type.
 */
export default function EventLogPage() {
  const { t } = useTranslation(['eventlogs', 'shell']);
  const user = useCurrentUser();
  const location = useLocation();
  useDocumentTitle(`${t('title')} · ${brand.name}`);

  const inConfiguration = location.pathname.toLowerCase().includes('/configuration/');
  const breadcrumbs: Crumb[] = [{ label: t('shell:nav.home'), to: '/dashboard' }];
  if (inConfiguration) breadcrumbs.push({ label: t('shell:nav.groups.configuration') });
  breadcrumbs.push({ label: t('title') });

  const allowed = user?.scopes.includes('eventlog.read') ?? false;
  return (
    <>
      <PageHeader title={t('title')} breadcrumbs={breadcrumbs} description={t('description')} />
      {user && !allowed ? <AccessDeniedScreen /> : <EventLogContent enabled={allowed} />}
    </>
  );
}

function EventLogContent({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('eventlogs');
  const { values, page, pageSize, update } = useEventLogSearch();
  const rangeError = values.from !== '' && values.to !== '' && values.from > values.to;
  const params: EventLogsParams = {
    page,
    pageSize,
    type: (values.type || undefined) as EventType | undefined,
    resource: (values.resource || undefined) as EventResource | undefined,
    from: values.from || undefined,
    to: values.to || undefined,
    search: values.search || undefined,
  };
  const query = useEventLogs(params, enabled && !rangeError);
  const filtered = Object.values(values).some((v) => v !== '');

  const total = query.data?.pagination.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const rows = query.data?.data ?? [];
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);

  const clear = () => update({ ...EMPTY_FILTERS, page: 1 });

  // A page beyond the last (an old link, or fewer events since) falls back to the last one.
  useEffect(() => {
    if (query.data && !query.isPlaceholderData && page > pages) update({ page: pages });
  }, [query.data, query.isPlaceholderData, page, pages, update]);

  let body: ReactNode;
  if (query.isError && !query.data) {
    body = (
      <Paper withBorder radius="md" p="xl" role="alert">
        <Stack align="center" gap="sm">
          <Text>{t('loadError')}</Text>
          <Button variant="light" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        </Stack>
      </Paper>
    );
  } else if (query.isSuccess && rows.length === 0 && !query.isPlaceholderData) {
    body = filtered ? (
      <EmptyState
        title={t('empty.filteredTitle')}
        icon={<IconHistory size={30} stroke={1.6} />}
        action={
          <Button variant="light" onClick={clear}>
            {t('filters.clear')}
          </Button>
        }
      >
        {t('empty.filteredText')}
      </EmptyState>
    ) : (
      <EmptyState title={t('empty.title')} icon={<IconHistory size={30} stroke={1.6} />}>
        {t('empty.text')}
      </EmptyState>
    );
  } else {
    body = (
      <Paper withBorder radius="md">
        <EventLogTable
          rows={rows}
          loading={query.isFetching || (rangeError ? false : query.isPending)}
          skeletonRows={Math.min(pageSize, 8)}
        />
      </Paper>
    );
  }

  return (
    <>
      <EventLogFilters
        values={values}
        onChange={(changes) => update({ ...changes, page: 1 })}
        onClear={clear}
        rangeError={rangeError}
      />
      {body}
      {total > 0 ? (
        <Group justify="space-between" mt="md" gap="sm">
          <Group gap="sm">
            <Text fz="sm" c="dimmed" aria-live="polite">
              {t('range', { from: first, to: last, total })}
            </Text>
            <Select
              aria-label={t('pageSize')}
              w={90}
              size="xs"
              value={String(pageSize)}
              onChange={(value) => value && update({ pageSize: Number(value), page: 1 })}
              data={PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          </Group>
          {pages > 1 ? (
            <Pagination
              total={pages}
              value={Math.min(page, pages)}
              onChange={(next) => update({ page: next })}
              size="sm"
              aria-label={t('pagination')}
              siblings={1}
            />
          ) : null}
        </Group>
      ) : null}
    </>
  );
}
