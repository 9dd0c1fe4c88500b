import type { DuplicatesSummary } from '@fairway/shared';
import { Alert, Anchor, Button, Card, Group, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconChecks, IconCoin, IconCopy, IconPigMoney, IconRadar } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FailureAlert } from '../../../components/failure-alert';
import { listErrorMessage } from '../../../components/list/list-states';
import { MonthChart } from '../../../components/month-chart';
import { RunProgress } from '../../../components/run-progress';
import { StatCard } from '../../../components/stat-card';
import { useCurrentUser } from '../../../lib/current-user';
import { formatDateTime } from '../../../lib/dates';
import { formatCount, formatKronor } from '../../../lib/figures';
import { callFailure, type FormFailure } from '../../../lib/form-errors';
import { useDuplicatesSummary, useStartScan } from '../api/duplicates';
import { DUPLICATE_PATHS } from '../lib/paths';

type Lang = 'sv' | 'en';

/** The scan: its progress while it runs, when it last ran, and "check now". */
function ScanCard({ summary }: { summary: DuplicatesSummary | undefined }) {
  const { t, i18n } = useTranslation('duplicates');
  const lang: Lang = i18n.language === 'en' ? 'en' : 'sv';
  const user = useCurrentUser();
  const canWrite = user?.scopes.includes('duplicates.write') ?? false;
  const start = useStartScan();
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const checkNow = () => {
    setFailure(null);
    start.mutate(undefined, { onError: (error) => setFailure(callFailure(error)) });
  };
  const scan = summary?.scan;
  const running = scan?.status === 'queued' || scan?.status === 'running';
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2}>
            <Title order={2} fz="h4">
              {t('scan.title')}
            </Title>
            <Text fz="sm" c="dimmed">
              {scan?.status === null
                ? t('scan.never')
                : scan?.finishedAt
                  ? t('scan.lastRun', { at: formatDateTime(scan.finishedAt, lang) })
                  : t('scan.explain')}
            </Text>
          </Stack>
          {canWrite ? (
            <Button
              leftSection={<IconRadar size={18} aria-hidden="true" />}
              loading={start.isPending}
              disabled={running || summary === undefined}
              onClick={checkNow}
            >
              {t('scan.checkNow')}
            </Button>
          ) : null}
        </Group>
        {scan?.status ? (
          <RunProgress
            run={{ status: scan.status, done: scan.done, total: scan.total, error: scan.error }}
            label={t(`scan.kind.${scan.kind ?? 'full'}`)}
            data-testid="scan-progress"
          />
        ) : null}
        <FailureAlert failure={failure} />
      </Stack>
    </Card>
  );
}

/** The allowance of the subscription: documents checked this month of the tier's limit. */
function UsageCard({ usage }: { usage: DuplicatesSummary['usage'] }) {
  const { t, i18n } = useTranslation('duplicates');
  const lang: Lang = i18n.language === 'en' ? 'en' : 'sv';
  const used = formatCount(usage.documentsThisMonth, lang);
  const limit = usage.documentsPerMonth;
  const text = limit === null ? t('usage.unlimited', { used }) : t('usage.of', { used, limit: formatCount(limit, lang) });
  const percent = limit ? Math.min(100, Math.round((usage.documentsThisMonth / limit) * 100)) : 0;
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="xs">
        <Text fz="sm" fw={600} id="duplicates-usage-label">
          {t('usage.title')}
        </Text>
        <Text fz="sm" data-testid="duplicates-usage">
          {text}
        </Text>
        {limit !== null ? (
          <Progress.Root
            role="progressbar"
            aria-labelledby="duplicates-usage-label"
            aria-valuemin={0}
            aria-valuemax={limit}
            aria-valuenow={usage.documentsThisMonth}
            aria-valuetext={text}
          >
            <Progress.Section
              withAria={false}
              value={percent}
              color={percent >= 100 ? 'red' : percent >= 80 ? 'orange' : 'blue'}
            />
          </Progress.Root>
        ) : null}
        {limit !== null && usage.documentsThisMonth >= limit ? (
          <Text fz="sm" c="red">
            {t('usage.reached')}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}

/**
 * The Dubbelkoll home's figures: the scan, found / resolved / money at stake / money saved in all
 * and per resource, the last 12 months, and the month's allowance.
 */
export function DuplicatesOverview() {
  const { t, i18n } = useTranslation('duplicates');
  const lang: Lang = i18n.language === 'en' ? 'en' : 'sv';
  const summary = useDuplicatesSummary();
  const data = summary.data;
  if (summary.isError && !data) {
    return (
      <Alert
        color="red"
        variant="light"
        role="alert"
        icon={<IconAlertTriangle size={18} aria-hidden="true" />}
        title={t('overview.failed')}
      >
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">{listErrorMessage(summary.error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void summary.refetch()}>
            {t('overview.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  const rows = data?.perResource ?? [];
  const sum = (pick: (r: DuplicatesSummary['perResource'][number]) => number) =>
    data ? rows.reduce((total, r) => total + pick(r), 0) : undefined;
  const found = sum((r) => r.resolved + r.unresolved);
  const resolved = sum((r) => r.resolved);
  const atStake = sum((r) => r.atStakeOre);
  const saved = sum((r) => r.savedOre);
  const count = (n: number | undefined) => (n === undefined ? undefined : formatCount(n, lang));
  const kronor = (n: number | undefined) => (n === undefined ? undefined : formatKronor(n, lang));

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ScanCard summary={data} />
        {data ? <UsageCard usage={data.usage} /> : null}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
        <StatCard label={t('overview.found')} value={count(found)} icon={IconCopy} testId="stat-found" />
        <StatCard label={t('overview.resolved')} value={count(resolved)} icon={IconChecks} testId="stat-resolved" />
        <StatCard label={t('overview.atStake')} value={kronor(atStake)} icon={IconCoin} testId="stat-at-stake" />
        <StatCard label={t('overview.saved')} value={kronor(saved)} icon={IconPigMoney} testId="stat-saved" />
      </SimpleGrid>
      {rows.length > 0 ? (
        <Card withBorder radius="md" padding="lg">
          <Title order={2} fz="h4" mb="sm" id="duplicates-per-resource">
            {t('overview.perResource')}
          </Title>
          <Table.ScrollContainer minWidth={480}>
            <Table striped aria-labelledby="duplicates-per-resource">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('overview.resource')}</Table.Th>
                  <Table.Th ta="right">{t('overview.found')}</Table.Th>
                  <Table.Th ta="right">{t('overview.resolved')}</Table.Th>
                  <Table.Th ta="right">{t('overview.atStake')}</Table.Th>
                  <Table.Th ta="right">{t('overview.saved')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.resource}>
                    <Table.Td>
                      <Anchor component={Link} to={DUPLICATE_PATHS.resource(r.resource)} fz="sm" fw={500}>
                        {t(`resources.${r.resource}`)}
                      </Anchor>
                    </Table.Td>
                    <Table.Td ta="right">{formatCount(r.resolved + r.unresolved, lang)}</Table.Td>
                    <Table.Td ta="right">{formatCount(r.resolved, lang)}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatKronor(r.atStakeOre, lang)}
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatKronor(r.savedOre, lang)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      ) : null}
      <Card withBorder radius="md" padding="lg">
        <Title order={2} fz="h4" mb="sm">
          {t('overview.months')}
        </Title>
        <MonthChart
          points={data?.months}
          money={false}
          height={220}
          label={t('overview.monthsLabel')}
          series={[
            { key: 'found', label: t('overview.found'), color: 'orange.6' },
            { key: 'resolved', label: t('overview.resolved'), color: 'teal.6' },
          ]}
        />
      </Card>
    </Stack>
  );
}
