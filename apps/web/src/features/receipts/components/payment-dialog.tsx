import { encodeMessage, type InvoiceListRow, invoicePaymentBodySchema } from '@fairway/shared';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { KronorInput } from '../../../components/form/kronor-input';
import { listErrorMessage } from '../../../components/list/list-states';
import { ApiError } from '../../../lib/api-client';
import { useFieldErrorText } from '../../../lib/form-errors';
import { formatOre } from '../../../lib/money';
import { notifySuccess } from '../../../lib/notify';
import { useRegisterPayment } from '../api/register-payment';

const todayInStockholm = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(new Date());

/** Registers a payment on an unpaid invoice: a date and an amount, at most the balance (checked here and by the server). */
export function PaymentDialog({ invoice, onClose }: { invoice: InvoiceListRow; onClose: () => void }) {
  const { t, i18n } = useTranslation('receipts');
  const lang = i18n.language === 'en' ? 'en' : 'sv';
  const errorText = useFieldErrorText();
  const [payment, setPayment] = useState(() => ({
    date: todayInStockholm(),
    amount: invoice.balanceOre as number | null,
    requestId: crypto.randomUUID(),
  }));
  // The same payment sent again (an answer lost on the way) keeps its id, so it is registered once.
  const setDate = (date: string) => setPayment((p) => ({ ...p, date, requestId: crypto.randomUUID() }));
  const setAmount = (amount: number | null) => setPayment((p) => ({ ...p, amount, requestId: crypto.randomUUID() }));
  const [errors, setErrors] = useState<{ paymentDate?: string; amountOre?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const register = useRegisterPayment();
  const labels = { paymentDate: t('payment.date'), amountOre: t('payment.amount') };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = invoicePaymentBodySchema.safeParse({
      paymentDate: payment.date,
      amountOre: payment.amount ?? undefined,
      requestId: payment.requestId,
    });
    const next: typeof errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof typeof errors;
        const message = payment.amount === null && key === 'amountOre' ? encodeMessage('required') : issue.message;
        next[key] ??= errorText({ type: 'validate', message }, labels[key]);
      }
    }
    if (!next.amountOre && payment.amount !== null && payment.amount > invoice.balanceOre) {
      next.amountOre = t('payment.aboveBalance', { balance: formatOre(invoice.balanceOre, lang) });
    }
    setErrors(next);
    if (!parsed.success || next.amountOre) return;
    try {
      await register.mutateAsync({ id: invoice.id, body: parsed.data });
      notifySuccess(t('payment.done', { number: invoice.number, amount: formatOre(parsed.data.amountOre, lang) }));
      onClose();
    } catch (refusal) {
      if (refusal instanceof ApiError && refusal.description.kind === 'fields') {
        const server = refusal.fieldErrors;
        setErrors({ paymentDate: server.paymentDate?.join(' '), amountOre: server.amountOre?.join(' ') });
        if (!server.paymentDate && !server.amountOre) setFailure(listErrorMessage(refusal) ?? refusal.message);
      } else setFailure(listErrorMessage(refusal) ?? (refusal instanceof Error ? refusal.message : String(refusal)));
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('payment.title', { number: invoice.number })} centered>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Text fz="sm">{t('payment.text', { name: invoice.customerName, balance: formatOre(invoice.balanceOre, lang) })}</Text>
          {failure ? (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          ) : null}
          <DateField label={labels.paymentDate} value={payment.date} onChange={setDate} error={errors.paymentDate} required />
          <KronorInput
            label={labels.amountOre}
            value={payment.amount}
            onChange={setAmount}
            error={errors.amountOre}
            required
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('payment.cancel')}
            </Button>
            <Button type="submit" loading={register.isPending}>
              {t('payment.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
