import type { Invoice } from '@fairway/shared';
import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AccountingDocumentPage } from '../../../components/accounting/pages/accounting-document-page';
import { useAccountingDocument } from '../../../components/accounting/pages/use-accounting-document';
import { formatDate } from '../../../lib/dates';
import { formatOre } from '../../../lib/money';
import { useInvoice } from '../api/get-invoice';
import { useSaveInvoice } from '../api/save-invoice';
import { InvoiceActions } from '../components/invoice-actions';
import { InvoiceForm } from '../components/invoice-form';
import { InvoicePayments } from '../components/invoice-payments';
import { InvoiceStatusBadges } from '../components/invoice-status-badges';
import { INVOICE_PATHS } from '../lib/paths';

/**
 * /dashboard/acounting/invoices/create and …/edit/{id} (docs/invoices.md). The edit page reads the invoice
 * from the accounting program on arrival (the portal's copy, with a warning, when the program does
 * not answer), goes to the 404 page for an unknown or malformed id, and offers the actions the
 * invoice's state allows. Booked and cancelled invoices, stale copies and readers without the
 * write scope see it read-only.
 */
export default function InvoicePage() {
  const { t } = useTranslation('invoices');
  const page = useAccountingDocument({
    resource: 'invoices',
    listPath: INVOICE_PATHS.list,
    useDocument: useInvoice,
    useSave: useSaveInvoice,
    savedMessage: (saved, editing) =>
      editing ? t('page.saved', { number: saved.number }) : t('page.created', { number: saved.number, name: saved.customerName }),
    titleLabel: (invoice) => `${invoice.number} ${invoice.customerName}`,
    crumbLabel: (invoice) => t('page.crumb', { number: invoice.number }),
    editable: (invoice) => invoice.allowedActions.includes('edit') && !invoice.stale,
  });
  const { lang, canWrite, editing } = page;
  // A new invoice opens on its own page, where it is booked, sent and paid.
  const afterSave = (saved: unknown) =>
    void page.navigate(editing ? INVOICE_PATHS.list : INVOICE_PATHS.edit((saved as Invoice).id), { replace: !editing });

  const readOnlyText = (invoice: Invoice) =>
    !canWrite
      ? undefined
      : invoice.stale
        ? t('form.readOnlyStale')
        : invoice.cancelled
          ? t('form.readOnlyCancelled')
          : t('form.readOnlyBooked');

  return (
    <AccountingDocumentPage
      page={page}
      createForm={<InvoiceForm readOnly={false} onSubmit={page.submit} onSaved={afterSave} />}
      description={(invoice) => t('page.editDescription', { number: invoice.number, name: invoice.customerName })}
      actions={(invoice) => <InvoiceActions invoice={invoice} canWrite={canWrite} />}
    >
      {(invoice) => (
        <>
          <Group gap="sm" wrap="wrap" role="group" aria-label={t('page.summaryLabel')}>
            <InvoiceStatusBadges invoice={invoice} />
            <Text fz="sm">{t('page.summaryTotal', { total: formatOre(invoice.totalOre, lang) })}</Text>
            <Text fz="sm" data-testid="invoice-balance">
              {t('page.summaryBalance', { balance: formatOre(invoice.balanceOre, lang) })}
            </Text>
            {invoice.dueDate ? <Text fz="sm">{t('page.summaryDue', { date: formatDate(invoice.dueDate, lang) })}</Text> : null}
            {invoice.ocr ? <Text fz="sm">{t('page.summaryOcr', { ocr: invoice.ocr })}</Text> : null}
            {invoice.creditedInvoiceNumber ? (
              <Text fz="sm">{t('page.creditOf', { number: invoice.creditedInvoiceNumber })}</Text>
            ) : null}
            {invoice.contractNumber ? <Text fz="sm">{t('page.fromContract', { number: invoice.contractNumber })}</Text> : null}
          </Group>
          {/* Keyed by the stored version: after an action the form starts again from what the program holds. */}
          <InvoiceForm
            key={`${invoice.id}-${invoice.syncedAt}`}
            invoice={invoice}
            readOnly={!page.mayEdit}
            readOnlyText={readOnlyText(invoice)}
            onSubmit={page.submit}
            onSaved={afterSave}
          />
          {invoice.booked || invoice.payments.length > 0 ? <InvoicePayments invoice={invoice} /> : null}
        </>
      )}
    </AccountingDocumentPage>
  );
}
