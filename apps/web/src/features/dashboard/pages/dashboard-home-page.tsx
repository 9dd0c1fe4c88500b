import {
  Anchor,
  Button,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  type Icon,
  IconCalendarStats,
  IconChartLine,
  IconFileAlert,
  IconPlugConnected,
  IconReceipt2,
  IconUserPlus,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { brand } from '../../../app/brand';
import { INTEGRATIONS_PATH } from '../../../app/route-table';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { useCurrentUser } from '../../users/api/get-current-user';

const STATS: { id: string; icon: Icon }[] = [
  { id: 'billedThisMonth', icon: IconReceipt2 },
  { id: 'unpaidInvoices', icon: IconFileAlert },
  { id: 'newMembersThisMonth', icon: IconUserPlus },
  { id: 'revenueThisYear', icon: IconCalendarStats },
];

const UNPAID_COLUMNS = ['invoiceNumber', 'customerName', 'amount', 'invoiceDate', 'dueDate'] as const;

/**
 * /dashboard. The figures come from the club's accounting program; until one is connected
 * every card and list says so and points to Integrations, rather than showing zeros.
 */
export default function DashboardHomePage() {
  const { t } = useTranslation('dashboard');
  const user = useCurrentUser();
  useDocumentTitle(`${t('title')} · ${brand.name}`);
  const name = user?.displayName || user?.name;

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('title')}
        description={name ? t('greeting', { name, account: user?.currentAccount?.name ?? user?.organisation.name }) : undefined}
      />

      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md" component="section" aria-label={t('keyFigures')}>
        {STATS.map(({ id, icon: StatIcon }) => (
          <Card key={id} withBorder radius="md" padding="lg">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Text fz="sm" c="dimmed" fw={500}>
                {t(`stats.${id}.label`)}
              </Text>
              <ThemeIcon variant="light" radius="md" size="lg" aria-hidden="true">
                <StatIcon size={20} stroke={1.6} />
              </ThemeIcon>
            </Group>
            <Text fz={28} fw={700} mt="xs">
              <span aria-hidden="true">–</span>
              <VisuallyHidden>{t('noValue')}</VisuallyHidden>
            </Text>
            <Text fz="xs" c="dimmed" mt={4}>
              {t(`stats.${id}.hint`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>

      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="dashboard-chart-title">
        <Title order={2} fz="h4" id="dashboard-chart-title" mb="md">
          {t('chart.title')}
        </Title>
        <EmptyState
          withBorder={false}
          order={3}
          icon={<IconChartLine size={30} stroke={1.6} />}
          title={t('noData.title')}
          action={
            <Button
              component={Link}
              to={INTEGRATIONS_PATH}
              variant="light"
              leftSection={<IconPlugConnected size={18} aria-hidden="true" />}
            >
              {t('noData.action')}
            </Button>
          }
        >
          {t('chart.empty')}
        </EmptyState>
      </Paper>

      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="dashboard-unpaid-title">
        <Title order={2} fz="h4" id="dashboard-unpaid-title" mb="md">
          {t('unpaid.title')}
        </Title>
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm" striped={false} highlightOnHover={false}>
            <Table.Thead>
              <Table.Tr>
                {UNPAID_COLUMNS.map((column) => (
                  <Table.Th key={column} scope="col">
                    {t(`unpaid.columns.${column}`)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td colSpan={UNPAID_COLUMNS.length}>
                  <Text ta="center" c="dimmed" py="lg">
                    {t('noData.inline')}{' '}
                    <Anchor component={Link} to={INTEGRATIONS_PATH}>
                      {t('noData.integrations')}
                    </Anchor>
                  </Text>
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}
