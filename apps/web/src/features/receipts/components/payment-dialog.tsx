import type { InvoiceListRow } from '@fairway/shared';
import { useTranslation } from 'react-i18next';
import { RegisterPaymentDialog } from '../../../components/accounting/components/register-payment-dialog';
import { useRegisterPayment } from '../api/register-payment';

/** Registers a payment on an unpaid invoice (components/accounting/components/register-payment-dialog.tsx). */
export function PaymentDialog({ invoice, onClose }: { invoice: InvoiceListRow; onClose: () => void }) {
  const { t } = useTranslation('receipts');
  const register = useRegisterPayment();
  return (
    <RegisterPaymentDialog
      invoice={invoice}
      texts={{
        title: t('payment.title', { number: invoice.number }),
        text: (balance) => t('payment.text', { name: invoice.customerName, balance }),
        done: (amount) => t('payment.done', { number: invoice.number, amount }),
      }}
      register={(body) => register.mutateAsync({ id: invoice.id, body })}
      pending={register.isPending}
      onClose={onClose}
    />
  );
}
