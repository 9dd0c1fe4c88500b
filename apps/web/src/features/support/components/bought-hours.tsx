import { formatSek } from '@fairway/shared';
import { Alert, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSupportHours } from '../api/list-support-hours';
import { formatHours, useDateTime, useLang } from '../lib/format';

/** The latest support hours bought, and whether each is still waiting for the next billing. */
export function BoughtHours() {
  const { t } = useTranslation('support');
  const lang = useLang();
  const formatTime = useDateTime();
  const hours = useSupportHours(true);
  if (hours.isPending) return <Skeleton h={80} radius="md" aria-busy="true" aria-label={t('bought.loading')} />;
  if (hours.isError) {
    return (
      <Alert color="orange" role="alert">
        {t('bought.loadFailed')}
      </Alert>
    );
  }
  if (hours.data.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        {t('bought.empty')}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Title order={3} fz="md" id="support-bought-heading">
        {t('bought.title')}
      </Title>
      <Table.ScrollContainer minWidth={360}>
        <Table aria-labelledby="support-bought-heading" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('bought.date')}</Table.Th>
              <Table.Th scope="col">{t('bought.hours')}</Table.Th>
              <Table.Th scope="col">{t('bought.amount')}</Table.Th>
              <Table.Th scope="col">{t('bought.billing')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {hours.data.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>{formatTime(p.createdAt)}</Table.Td>
                <Table.Td>{formatHours(p.hours, lang)}</Table.Td>
                <Table.Td>{formatSek(p.exVatOre, lang)}</Table.Td>
                <Table.Td>{p.billingNumber ? t('bought.onBilling', { number: p.billingNumber }) : t('bought.waiting')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
