import { GIT_BASIS_STATUS_VALUES, type GitTransaction } from '@fairway/shared';
import { Alert, Anchor, Badge, Button, Card, Group, Loader, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconArrowsExchange, IconFileInvoice } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactElement, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { brand } from '../../../app/brand';
import { AccessDeniedScreen } from '../../../components/access-denied-screen';
import { EmptyState } from '../../../components/empty-state';
import { type ListParamsConfig, useListParams } from '../../../components/list/use-list-params';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { notifyError } from '../../../lib/notify';
import { useGitOccasion } from '../api/get-git-occasion';
import { isRunActive, useGitTransaction } from '../api/get-git-transaction';
import { gitKey } from '../api/git-key';
import { useGitOccasionBases } from '../api/list-git-occasion-bases';
import { type GitBasisWithSync, SYNC_STATES } from '../api/sync-types';
import { GitList } from '../components/git-list';
import { RunProgress } from '../components/run-progress';
import { SyncDialog } from '../components/sync-dialog';
import { BASIS_STATUS_COLORS, SYNC_STATE_COLORS, useGitFormat } from '../lib/format';
import { GIT_PATHS } from '../lib/paths';
import { useSelection } from '../lib/selection';
import { setChosenOccasion } from '../lib/stored-occasion';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const FILTERS = { status: ['all', ...GIT_BASIS_STATUS_VALUES], sync: ['all', ...SYNC_STATES] } as const;
const LIST: ListParamsConfig<never, typeof FILTERS> = { sorts: [], filters: FILTERS };

/** The occasion's bases: search, GIT status and sync state filters, selection, and the sync. */
function OccasionBases({ occasionId, canWrite }: { occasionId: string; canWrite: boolean }) {
  const { t } = useTranslation('git');
  const format = useGitFormat();
  const queryClient = useQueryClient();
  const params = useListParams(LIST);
  const { page, pageSize, search, status, sync } = params.query;
  const query = useGitOccasionBases(occasionId, {
    page,
    pageSize,
    search,
    status: status === 'all' ? undefined : status,
    sync: sync === 'all' ? undefined : sync,
  });
  const { selection, setSelection, clear } = useSelection<GitBasisWithSync>();
  const [dialog, setDialog] = useState<{ basisIds: string[] | undefined } | null>(null);
  const [runId, setRunId] = useState<string | null>(null);
  const run = useGitTransaction(runId);

  // When the followed run ends, the bases show their new sync state and invoice numbers.
  const refreshed = useRef<string | null>(null);
  useEffect(() => {
    if (!run.data || isRunActive(run.data) || refreshed.current === run.data.id) return;
    refreshed.current = run.data.id;
    void queryClient.invalidateQueries({ queryKey: [...gitKey, 'occasion', occasionId] });
    void queryClient.invalidateQueries({ queryKey: [...gitKey, 'transactions'] });
  }, [run.data, queryClient, occasionId]);

  const syncSelected = () => {
    if (selection.size === 0) {
      notifyError(t('bases.selectOne'));
      return;
    }
    setDialog({ basisIds: [...selection.keys()] });
  };
  const onRunStarted = (started: GitTransaction) => {
    setRunId(started.id);
    clear();
  };
  const filterSelect = (name: 'status' | 'sync') => (
    <Select
      label={t(`bases.filters.${name}`)}
      value={params.filters[name]}
      onChange={(value) => value && params.setFilter(name, value as never)}
      data={FILTERS[name].map((value) => ({
        value,
        label: value === 'all' ? t('bases.filters.all') : t(name === 'status' ? `bases.status.${value}` : `bases.sync.${value}`),
      }))}
      allowDeselect={false}
      w={{ base: '100%', xs: 170 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
  const running = isRunActive(run.data);

  return (
    <GitList<GitBasisWithSync>
      params={params}
      query={query}
      searchLabel={t('bases.search')}
      filters={
        <>
          {filterSelect('status')}
          {filterSelect('sync')}
        </>
      }
      actions={
        canWrite ? (
          <>
            <Button
              variant="default"
              leftSection={<IconArrowsExchange size={16} aria-hidden="true" />}
              onClick={syncSelected}
              disabled={running}
            >
              {t('bases.syncSelected', { count: selection.size })}
            </Button>
            <Button onClick={() => setDialog({ basisIds: undefined })} disabled={running}>
              {t('bases.syncAll')}
            </Button>
          </>
        ) : null
      }
      banner={
        run.data && dialog === null ? (
          <Paper withBorder radius="md" p="md" mb="md">
            <RunProgress run={run.data} label={t('sync.runLabel')} />
          </Paper>
        ) : null
      }
      emptyTitle={t('bases.emptyTitle')}
      emptyText={t('bases.emptyText')}
      emptyIcon={IconFileInvoice}
      selection={{
        value: selection,
        onChange: setSelection,
        selectable: canWrite,
        rowLabel: (b) => t('bases.select', { number: b.number, name: b.memberName }),
        pageLabel: t('bases.selectPage'),
      }}
      label={t('bases.table')}
      minWidth={860}
      columns={[
        { accessor: 'number', title: t('bases.columns.number'), noWrap: true },
        {
          accessor: 'memberName',
          title: t('bases.columns.member'),
          render: (b) => (
            <div>
              <Text fz="sm">{b.memberName}</Text>
              <Text fz="xs" c="dimmed">
                {b.memberGolfId}
              </Text>
            </div>
          ),
        },
        {
          accessor: 'payerName',
          title: t('bases.columns.payer'),
          visibleMediaQuery: '(min-width: 48em)',
          render: (b) => (
            <div>
              <Text fz="sm">{b.payerName}</Text>
              <Text fz="xs" c="dimmed">
                {t(`bases.payerKinds.${b.payerKind}`)}
              </Text>
            </div>
          ),
        },
        {
          accessor: 'totalOre',
          title: t('bases.columns.total'),
          textAlign: 'right',
          noWrap: true,
          render: (b) => format.sek(b.totalOre),
        },
        {
          accessor: 'status',
          title: t('bases.columns.status'),
          render: (b) => (
            <Badge variant="light" color={BASIS_STATUS_COLORS[b.status]} tt="none">
              {t(`bases.status.${b.status}`)}
            </Badge>
          ),
        },
        {
          accessor: 'sync',
          title: t('bases.columns.sync'),
          render: (b) => {
            const state = b.sync?.state ?? 'not_synced';
            return (
              <Stack gap={2}>
                <Group gap={6} wrap="nowrap">
                  <Badge variant="light" color={SYNC_STATE_COLORS[state]} tt="none">
                    {t(`bases.sync.${state}`)}
                  </Badge>
                  {b.sync?.invoiceNumber ? (
                    <Anchor
                      component={Link}
                      to={GIT_PATHS.accountingInvoice(b.sync.invoiceNumber)}
                      fz="sm"
                      data-testid="basis-invoice"
                    >
                      {t('bases.invoice', { number: b.sync.invoiceNumber })}
                    </Anchor>
                  ) : null}
                </Group>
                {b.sync?.error ? (
                  <Text fz="xs" c="red">
                    {b.sync.error}
                  </Text>
                ) : null}
              </Stack>
            );
          },
        },
      ]}
    >
      <SyncDialog
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        occasionId={occasionId}
        basisIds={dialog?.basisIds}
        runId={runId}
        onRunStarted={onRunStarted}
      />
    </GitList>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text component="dt" fz="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text component="dd" fz="lg" fw={700} m={0}>
        {value}
      </Text>
    </div>
  );
}

/** /dashboard/golfrelated/git/invoice-occasions/:invoice_id: one occasion, its bases and their sync to accounting. */
export default function GitOccasionPage() {
  const { t } = useTranslation(['git', 'shell']);
  const format = useGitFormat();
  const user = useCurrentUser();
  const { invoice_id: raw = '' } = useParams();
  const id = UUID.test(raw) ? raw : '';
  const allowed = user?.scopes.includes('git.read') ?? false;
  const canWrite = user?.scopes.includes('git.write') ?? false;
  const occasion = useGitOccasion(id);
  const data = id && allowed ? occasion.data : undefined;
  const title = data?.name ?? t('occasion.title');
  useDocumentTitle(`${title} · ${brand.name}`);

  // The occasion the user works on is kept for the next visit (docs/git.md#pages).
  const chosenId = data?.id;
  const chosenName = data?.name;
  useEffect(() => {
    if (chosenId !== undefined && chosenName !== undefined) setChosenOccasion({ id: chosenId, name: chosenName });
  }, [chosenId, chosenName]);

  const breadcrumbs = [
    { label: t('shell:nav.home'), to: '/dashboard' },
    { label: t('shell:nav.groups.golf') },
    { label: t('title'), to: GIT_PATHS.tab('invoiceOccasions') },
    { label: title },
  ];
  const notFound = !id || (occasion.error instanceof ApiError && occasion.error.status === 404);

  let body: ReactElement | null = null;
  if (user && !allowed) body = <AccessDeniedScreen />;
  else if (notFound)
    body = (
      <EmptyState
        title={t('occasion.notFoundTitle')}
        icon={<IconFileInvoice size={30} stroke={1.6} />}
        action={
          <Button component={Link} to={GIT_PATHS.tab('invoiceOccasions')} variant="light">
            {t('occasion.back')}
          </Button>
        }
      >
        {t('occasion.notFoundText')}
      </EmptyState>
    );
  else if (occasion.isError)
    body = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden="true" />} title={t('loadError')}>
        <Button size="xs" variant="light" onClick={() => void occasion.refetch()}>
          {t('retry')}
        </Button>
      </Alert>
    );
  else if (!data)
    body = (
      <Group gap="xs" role="status" py="xl" justify="center">
        <Loader size="sm" />
        <Text c="dimmed">{t('loading')}</Text>
      </Group>
    );
  else
    body = (
      <Stack gap="lg">
        <Card withBorder radius="md" padding="lg" component="section" aria-label={t('occasion.summary')}>
          <SimpleGrid component="dl" cols={{ base: 2, sm: 3, lg: 6 }} spacing="md" m={0}>
            <Figure label={t('occasion.invoiceDate')} value={format.date(data.invoiceDate) ?? ''} />
            <Figure label={t('occasion.dueDate')} value={format.date(data.dueDate) ?? ''} />
            <Figure label={t('occasion.bases')} value={format.number(data.basisCount)} />
            <Figure label={t('occasion.total')} value={format.sek(data.totalOre)} />
            <Figure label={t('occasion.paid')} value={format.sek(data.paidOre)} />
            <Figure label={t('occasion.outstanding')} value={format.sek(Math.max(0, data.totalOre - data.paidOre))} />
          </SimpleGrid>
          <Group gap="xs" mt="md" aria-label={t('occasion.perStatus')} role="group">
            {GIT_BASIS_STATUS_VALUES.map((status) => (
              <Badge key={status} variant="light" color={BASIS_STATUS_COLORS[status]} tt="none">
                {t('occasion.statusCount', { status: t(`bases.status.${status}`), count: data.statusCounts[status] })}
              </Badge>
            ))}
            {data.archived ? (
              <Badge variant="outline" color="gray" tt="none">
                {t('occasion.archived')}
              </Badge>
            ) : null}
          </Group>
        </Card>
        <OccasionBases occasionId={data.id} canWrite={canWrite} />
      </Stack>
    );

  return (
    <>
      <PageHeader title={title} breadcrumbs={breadcrumbs} description={data ? t('occasion.description') : undefined} />
      {body}
    </>
  );
}
