import {
  INVOICE_SEND_WAYS,
  type Invoice,
  type InvoiceAction,
  type InvoicePaymentBody,
  type InvoiceSendWay,
} from '@fairway/shared';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { IconBook, IconCash, IconCircleX, IconDownload, IconEye, IconReceiptRefund, IconSend } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RegisterPaymentDialog } from '../../../components/accounting/components/register-payment-dialog';
import { saveBlob } from '../../../components/list/export-menu';
import { refusalText } from '../../../components/list/list-states';
import { notifySuccess } from '../../../lib/notify';
import { fetchInvoicePdf, invoiceActions, useInvoiceAction } from '../api/invoice-actions';
import { INVOICE_PATHS } from '../lib/paths';

type Dialog = 'bookkeep' | 'send' | 'cancel' | 'credit' | 'payment' | 'pdf' | null;

interface DialogProps {
  invoice: Invoice;
  opened: boolean;
  onClose: () => void;
}

/** A confirmation with the refusal shown inside it: book, cancel and credit. */
function ConfirmDialog({
  invoice,
  opened,
  onClose,
  kind,
  run,
  danger,
  onDone,
}: DialogProps & {
  kind: 'bookkeep' | 'cancel' | 'credit';
  run: (id: string) => Promise<Invoice>;
  danger?: boolean;
  onDone: (answer: Invoice) => void;
}) {
  const { t } = useTranslation('invoices');
  const [failure, setFailure] = useState<string | null>(null);
  const action = useInvoiceAction(invoice.id, run);
  useEffect(() => {
    if (opened) setFailure(null);
  }, [opened]);
  const confirm = async () => {
    setFailure(null);
    try {
      onDone(await action.mutateAsync([]));
      onClose();
    } catch (refusal) {
      setFailure(refusalText(refusal));
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t(`actions.${kind}.title`, { number: invoice.number })} centered>
      <Stack gap="md">
        <Text fz="sm">{t(`actions.${kind}.text`, { number: invoice.number, name: invoice.customerName })}</Text>
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.close')}
          </Button>
          <Button color={danger ? 'red' : undefined} loading={action.isPending} onClick={() => void confirm()} data-autofocus>
            {t(`actions.${kind}.confirm`)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Send by e-mail, e-invoice, external print or print; the customer's own way is chosen first. */
function SendDialog({ invoice, opened, onClose }: DialogProps) {
  const { t } = useTranslation('invoices');
  const [method, setMethod] = useState<InvoiceSendWay>(invoice.deliveryMethod ?? 'email');
  const [failure, setFailure] = useState<string | null>(null);
  const action = useInvoiceAction(invoice.id, (id, way: InvoiceSendWay) => invoiceActions.send(id, way));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      await action.mutateAsync([method]);
      notifySuccess(t('actions.send.done', { number: invoice.number, method: t(`sendWays.${method}`) }));
      onClose();
    } catch (refusal) {
      setFailure(refusalText(refusal));
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('actions.send.title', { number: invoice.number })} centered>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Text fz="sm">{t('actions.send.text')}</Text>
          {failure ? (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          ) : null}
          <Select
            label={t('actions.send.method')}
            data={INVOICE_SEND_WAYS.map((way) => ({ value: way, label: t(`sendWays.${way}`) }))}
            value={method}
            onChange={(next) => next && setMethod(next as InvoiceSendWay)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.close')}
            </Button>
            <Button type="submit" loading={action.isPending}>
              {t('actions.send.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Register a payment on the invoice (components/accounting/components/register-payment-dialog.tsx). */
export function PaymentDialog({ invoice, onClose }: Omit<DialogProps, 'opened'>) {
  const { t } = useTranslation('invoices');
  const action = useInvoiceAction(invoice.id, (id, body: InvoicePaymentBody) => invoiceActions.payment(id, body));
  return (
    <RegisterPaymentDialog
      invoice={invoice}
      texts={{
        title: t('actions.payment.title', { number: invoice.number }),
        text: (balance) => t('actions.payment.text', { balance }),
        done: (amount) => t('actions.payment.done', { number: invoice.number, amount }),
      }}
      register={(body) => action.mutateAsync([body])}
      pending={action.isPending}
      onClose={onClose}
    />
  );
}

/** The PDF shown in the page (the browser's own viewer), with "open in a new tab" and "download". */
function PdfDialog({ invoice, opened, onClose }: DialogProps) {
  const { t } = useTranslation('invoices');
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!opened) return;
    let revoked = false;
    let made: string | null = null;
    setFailed(false);
    fetchInvoicePdf(invoice.id, false)
      .then((blob) => {
        if (revoked || !blob) return;
        made = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
        setUrl(made);
      })
      .catch(() => setFailed(true));
    return () => {
      revoked = true;
      if (made) URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [opened, invoice.id]);
  return (
    <Modal opened={opened} onClose={onClose} title={t('actions.pdf.title', { number: invoice.number })} size="xl" centered>
      <Stack gap="sm">
        {failed ? (
          <Alert color="red" variant="light" role="alert">
            {t('actions.pdf.failed')}
          </Alert>
        ) : url ? (
          <>
            <iframe
              src={url}
              title={t('actions.pdf.frame', { number: invoice.number })}
              style={{ width: '100%', height: '70vh', border: 0 }}
            />
            <Group justify="flex-end">
              <Button component="a" href={url} target="_blank" rel="noopener" variant="default">
                {t('actions.pdf.newTab')}
              </Button>
            </Group>
          </>
        ) : (
          <Text c="dimmed" fz="sm">
            {t('actions.pdf.loading')}
          </Text>
        )}
      </Stack>
    </Modal>
  );
}

export interface InvoiceActionsProps {
  invoice: Invoice;
  /** The write scope: without it only the PDF is offered. */
  canWrite: boolean;
}

/**
 * The actions (docs/invoices.md#states), offered only as the invoice's `allowedActions` say, each confirmed in a
 * dialog; the PDF can always be viewed and downloaded. Crediting opens the credit note.
 */
export function InvoiceActions({ invoice, canWrite }: InvoiceActionsProps) {
  const { t } = useTranslation('invoices');
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [downloading, setDownloading] = useState(false);
  const close = () => setDialog(null);
  const allowed = (action: InvoiceAction) => canWrite && !invoice.stale && invoice.allowedActions.includes(action);

  const download = async () => {
    setDownloading(true);
    try {
      const blob = await fetchInvoicePdf(invoice.id, true);
      if (blob) saveBlob(blob, `${t('actions.pdf.fileName')}-${invoice.number}.pdf`);
    } catch {
      // The API client has shown the reason in a toast already.
    } finally {
      setDownloading(false);
    }
  };

  const button = (key: Exclude<Dialog, null>, icon: ReactNode, props: { color?: string; variant?: string } = {}) => (
    <Button variant={props.variant ?? 'default'} color={props.color} leftSection={icon} onClick={() => setDialog(key)}>
      {t(`actions.${key}.button`)}
    </Button>
  );

  return (
    <>
      <Group gap="xs" wrap="wrap" role="group" aria-label={t('actions.label')}>
        {allowed('bookkeep') ? button('bookkeep', <IconBook size={16} aria-hidden="true" />, { variant: 'filled' }) : null}
        {allowed('payment') ? button('payment', <IconCash size={16} aria-hidden="true" />, { variant: 'filled' }) : null}
        {allowed('send') ? button('send', <IconSend size={16} aria-hidden="true" />) : null}
        {allowed('credit') ? button('credit', <IconReceiptRefund size={16} aria-hidden="true" />) : null}
        {allowed('cancel') ? button('cancel', <IconCircleX size={16} aria-hidden="true" />, { color: 'red' }) : null}
        {button('pdf', <IconEye size={16} aria-hidden="true" />)}
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          loading={downloading}
          onClick={() => void download()}
        >
          {t('actions.pdf.download')}
        </Button>
      </Group>
      <ConfirmDialog
        invoice={invoice}
        opened={dialog === 'bookkeep'}
        onClose={close}
        kind="bookkeep"
        run={invoiceActions.bookkeep}
        onDone={() => notifySuccess(t('actions.bookkeep.done', { number: invoice.number }))}
      />
      <ConfirmDialog
        invoice={invoice}
        opened={dialog === 'cancel'}
        onClose={close}
        kind="cancel"
        danger
        run={invoiceActions.cancel}
        onDone={() => notifySuccess(t('actions.cancel.done', { number: invoice.number }))}
      />
      <ConfirmDialog
        invoice={invoice}
        opened={dialog === 'credit'}
        onClose={close}
        kind="credit"
        run={invoiceActions.credit}
        onDone={(note) => {
          notifySuccess(t('actions.credit.done', { number: invoice.number, credit: note.number }));
          void navigate(INVOICE_PATHS.edit(note.id));
        }}
      />
      {dialog === 'send' ? <SendDialog invoice={invoice} opened onClose={close} /> : null}
      {dialog === 'payment' ? <PaymentDialog invoice={invoice} onClose={close} /> : null}
      <PdfDialog invoice={invoice} opened={dialog === 'pdf'} onClose={close} />
    </>
  );
}
