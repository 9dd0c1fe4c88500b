import { encodeMessage, type InvoicePaymentBody, invoicePaymentBodySchema, stockholmToday } from '@fairway/shared';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useFieldErrorText } from '../../../lib/form-errors';
import { formatOre } from '../../../lib/money';
import { notifySuccess } from '../../../lib/notify';
import { DateField } from '../../date-field';
import { KronorInput } from '../../form/kronor-input';
import { refusalText } from '../../list/list-states';

/**
 * The words that name where the dialog was opened from, in the caller's namespace; `balance` and
 * `amount` come formatted. The fields and buttons say the same everywhere (accounting's `payment`).
 */
export interface RegisterPaymentTexts {
  title: string;
  text: (balance: string) => string;
  done: (amount: string) => string;
}

export interface RegisterPaymentDialogProps {
  invoice: { number: string; balanceOre: number };
  texts: RegisterPaymentTexts;
  /** Sends the payment (POST invoices/{id}/payments); a refusal is shown in the dialog. */
  register: (body: InvoicePaymentBody) => Promise<unknown>;
  pending: boolean;
  onClose: () => void;
}

type Errors = { paymentDate?: string; amountOre?: string };

/**
 * Registers a payment on an invoice (docs/invoices.md#payments): a date, today in Stockholm unless
 * changed, and an amount in kronor, the balance unless changed and never above it (checked here and
 * by the server). Used by the invoice's actions and by the receipts' unpaid invoices.
 */
export function RegisterPaymentDialog({ invoice, texts, register, pending, onClose }: RegisterPaymentDialogProps) {
  const { t, i18n } = useTranslation(['accounting', 'common']);
  const lang = i18n.language === 'en' ? 'en' : 'sv';
  const errorText = useFieldErrorText();
  const [payment, setPayment] = useState<{ date: string; amount: number | null; requestId: string }>(() => ({
    date: stockholmToday(),
    amount: invoice.balanceOre,
    requestId: crypto.randomUUID(),
  }));
  // The same payment sent again (an answer lost on the way) keeps its id, so the server registers
  // it once; a changed date or amount is another payment.
  const setDate = (date: string) => setPayment((p) => ({ ...p, date, requestId: crypto.randomUUID() }));
  const setAmount = (amount: number | null) => setPayment((p) => ({ ...p, amount, requestId: crypto.randomUUID() }));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const labels = { paymentDate: t('accounting:payment.date'), amountOre: t('accounting:payment.amount') };
  const balance = formatOre(invoice.balanceOre, lang);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = invoicePaymentBodySchema.safeParse({
      paymentDate: payment.date,
      amountOre: payment.amount ?? undefined,
      requestId: payment.requestId,
    });
    const next: Errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Errors;
        const message = payment.amount === null && key === 'amountOre' ? encodeMessage('required') : issue.message;
        next[key] ??= errorText({ type: 'validate', message }, labels[key]);
      }
    }
    if (!next.amountOre && payment.amount !== null && payment.amount > invoice.balanceOre) {
      next.amountOre = t('accounting:payment.aboveBalance', { balance });
    }
    setErrors(next);
    if (!parsed.success || next.amountOre) return;
    try {
      await register(parsed.data);
      notifySuccess(texts.done(formatOre(parsed.data.amountOre, lang)));
      onClose();
    } catch (refusal) {
      if (refusal instanceof ApiError && refusal.description.kind === 'fields') {
        const server = refusal.fieldErrors;
        setErrors({ paymentDate: server.paymentDate?.join(' '), amountOre: server.amountOre?.join(' ') });
        if (!server.paymentDate && !server.amountOre) setFailure(refusalText(refusal));
      } else setFailure(refusalText(refusal));
    }
  };

  return (
    <Modal opened onClose={onClose} title={texts.title} centered>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Text fz="sm">{texts.text(balance)}</Text>
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
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={pending}>
              {t('accounting:payment.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
