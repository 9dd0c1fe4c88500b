import type { Invoice } from '@fairway/shared';
import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/dates';
import { formatOre } from '../../../lib/money';

/** The payments registered on the invoice, and what is left to pay. */
export function InvoicePayments({ invoice }: { invoice: Invoice }) {
  const { t, i18n } = useTranslation('invoices');
  const lang = i18n.language === 'en' ? 'en' : 'sv';
  const paid = invoice.payments.reduce((sum, p) => sum + p.amountOre, 0);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Title order={3} fz="h4" id="invoice-payments-title">
          {t('payments.title')}
        </Title>
        {invoice.payments.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {t('payments.none')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={360}>
            <Table aria-labelledby="invoice-payments-title" data-testid="invoice-payments">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('payments.number')}</Table.Th>
                  <Table.Th>{t('payments.date')}</Table.Th>
                  <Table.Th ta="right">{t('payments.amount')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invoice.payments.map((p) => (
                  <Table.Tr key={`${p.number}-${p.paymentDate}`}>
                    <Table.Td>{p.number}</Table.Td>
                    <Table.Td>{formatDate(p.paymentDate, lang)}</Table.Td>
                    <Table.Td ta="right">{formatOre(p.amountOre, lang)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Text fz="sm">
          {t('payments.summary', { paid: formatOre(paid, lang), balance: formatOre(invoice.balanceOre, lang) })}
        </Text>
      </Stack>
    </Paper>
  );
}
