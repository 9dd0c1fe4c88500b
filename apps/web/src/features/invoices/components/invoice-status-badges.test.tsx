import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { setLanguage } from '../../../lib/i18n';
import { InvoiceStatusBadges } from './invoice-status-badges';

const row = {
  booked: true,
  cancelled: false,
  isCredit: false,
  credited: false,
  overdue: false,
  balanceOre: 50_000,
  sent: false,
  deliveryMethod: 'email' as const,
};

const badges = () => [...document.querySelectorAll('[data-status]')].map((b) => b.textContent);
/** The badges once the invoices texts have loaded. */
const expectBadges = (texts: string[]) => waitFor(() => expect(badges()).toEqual(texts));

afterEach(async () => {
  await setLanguage('sv');
});

describe('invoice status in the list and on the invoice', () => {
  it('says an invoice is sent and how, in the reader’s language', async () => {
    const view = render(
      <AppProviders>
        <InvoiceStatusBadges invoice={{ ...row, sent: true, deliveryMethod: 'externalprint' }} />
      </AppProviders>,
    );
    await expectBadges(['Bokförd', 'Obetald', 'Skickad (Extern utskrift)']);
    view.unmount();
    await setLanguage('en');
    render(
      <AppProviders>
        <InvoiceStatusBadges invoice={{ ...row, sent: true, deliveryMethod: null }} />
      </AppProviders>,
    );
    await expectBadges(['Booked', 'Unpaid', 'Sent']);
  });

  it('says nothing of sending before the invoice is sent', async () => {
    render(
      <AppProviders>
        <InvoiceStatusBadges invoice={row} />
      </AppProviders>,
    );
    await expectBadges(['Bokförd', 'Obetald']);
  });
});
