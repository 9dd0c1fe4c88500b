import type { CreateInvoiceInput, Invoice, UpdateInvoiceInput } from '@fairway/shared';
import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCloudOff } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { brand } from '../../../app/brand';
import { AccessDeniedScreen } from '../../../components/access-denied-screen';
import { listErrorMessage } from '../../../components/list/list-states';
import { type Crumb, PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { formatOre } from '../../../lib/money';
import { notifySuccess } from '../../../lib/notify';
import { useCurrentUser } from '../../users/api/get-current-user';
import { useInvoice } from '../api/get-invoice';
import { useSaveInvoice } from '../api/save-invoice';
import { InvoiceActions } from '../components/invoice-actions';
import { InvoiceForm } from '../components/invoice-form';
import { InvoicePayments } from '../components/invoice-payments';
import { InvoiceStatusBadges } from '../components/invoice-status-badges';
import { formatDate } from '../lib/format';
import { INVOICE_PATHS } from '../lib/paths';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A failed load that means "no such invoice here": unknown id, another club account's, or not an id. */
const isMissing = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * /dashboard/acounting/invoices/create and …/edit/{id} (spec §2). The edit page reads the invoice
 * from the accounting program on arrival (the portal's copy, with a warning, when the program does
 * not answer), goes to the 404 page for an unknown or malformed id, and offers the actions the
 * invoice's state allows. Booked and cancelled invoices, stale copies and readers without the
 * write scope see it read-only.
 */
export default function InvoicePage() {
  const { t, i18n } = useTranslation(['invoices', 'shell']);
  const lang = i18n.language === 'en' ? 'en' : 'sv';
  const { id } = useParams();
  const navigate = useNavigate();
  const viewer = useCurrentUser();
  const editing = id !== undefined;
  const malformed = editing && !UUID.test(id);
  const query = useInvoice(editing && !malformed ? id : undefined);
  const save = useSaveInvoice();

  const canRead = viewer?.scopes.includes('invoices.read') ?? false;
  const canWrite = viewer?.scopes.includes('invoices.write') ?? false;
  const invoice = query.data;
  const mayEdit = canWrite && (invoice ? invoice.allowedActions.includes('edit') && !invoice.stale : true);
  const title = !editing ? t('page.createTitle') : mayEdit ? t('page.editTitle') : t('page.viewTitle');
  useDocumentTitle(`${invoice ? `${invoice.number} ${invoice.customerName} · ` : ''}${title} · ${brand.name}`);

  const missing = malformed || (editing && query.isError && isMissing(query.error));
  useEffect(() => {
    if (missing) void navigate('/error-404', { replace: true });
  }, [missing, navigate]);

  const breadcrumbs: Crumb[] = [
    { label: t('shell:nav.home'), to: '/dashboard' },
    { label: t('shell:nav.groups.accounting') },
    { label: t('title'), to: INVOICE_PATHS.list },
    { label: invoice ? t('page.crumb', { number: invoice.number }) : title },
  ];

  const submit = (body: CreateInvoiceInput | UpdateInvoiceInput) =>
    save.mutateAsync({ id: editing ? id : undefined, body }).then((saved) => {
      notifySuccess(
        editing
          ? t('page.saved', { number: saved.number })
          : t('page.created', { number: saved.number, name: saved.customerName }),
      );
      return saved;
    });
  // A new invoice opens on its own page, where it is booked, sent and paid.
  const afterSave = (saved: unknown) =>
    void navigate(editing ? INVOICE_PATHS.list : INVOICE_PATHS.edit((saved as Invoice).id), { replace: !editing });

  const formatTime = (iso: string) =>
    new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'sv-SE', {
      dateStyle: 'short',
      timeStyle: 'short',
      timeZone: 'Europe/Stockholm',
    }).format(new Date(iso));

  const readOnlyText = (inv: Invoice) =>
    !canWrite
      ? undefined
      : inv.stale
        ? t('form.readOnlyStale')
        : inv.cancelled
          ? t('form.readOnlyCancelled')
          : t('form.readOnlyBooked');

  let description: ReactNode = editing ? null : t('page.createDescription');
  let actions: ReactNode = null;
  let body: ReactNode;
  if (viewer && !canRead) body = <AccessDeniedScreen />;
  else if (!editing) {
    body = canWrite || !viewer ? <InvoiceForm readOnly={false} onSubmit={submit} onSaved={afterSave} /> : <AccessDeniedScreen />;
  } else if (missing) body = null;
  else if (query.isError) {
    body = (
      <Alert color="red" title={t('page.loadError')} role="alert">
        <Text fz="sm">{listErrorMessage(query.error)}</Text>
        <Button variant="light" size="xs" mt="xs" onClick={() => void query.refetch()}>
          {t('page.retry')}
        </Button>
      </Alert>
    );
  } else if (!invoice) {
    body = (
      <Center py="xl">
        <Group gap="sm">
          <Loader size="sm" />
          <Text c="dimmed">{t('page.loading')}</Text>
        </Group>
      </Center>
    );
  } else {
    description = (
      <>
        {t('page.editDescription', { number: invoice.number, name: invoice.customerName })}{' '}
        <Text span fz="sm" c="dimmed">
          {t('page.syncedAt', { time: formatTime(invoice.syncedAt) })}
        </Text>
      </>
    );
    actions = <InvoiceActions invoice={invoice} canWrite={canWrite} />;
    body = (
      <Stack gap="md">
        {invoice.stale ? (
          <Alert color="yellow" variant="light" title={t('page.staleTitle')} icon={<IconCloudOff size={18} aria-hidden="true" />}>
            <Text fz="sm">{t('page.staleText', { time: formatTime(invoice.syncedAt) })}</Text>
            <Button variant="light" size="xs" mt="xs" onClick={() => void query.refetch()} loading={query.isFetching}>
              {t('page.retry')}
            </Button>
          </Alert>
        ) : null}
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
          readOnly={!mayEdit}
          readOnlyText={readOnlyText(invoice)}
          onSubmit={submit}
          onSaved={afterSave}
        />
        {invoice.booked || invoice.payments.length > 0 ? <InvoicePayments invoice={invoice} /> : null}
      </Stack>
    );
  }

  return (
    <>
      <PageHeader title={title} breadcrumbs={breadcrumbs} description={description} actions={actions} />
      {body}
    </>
  );
}
