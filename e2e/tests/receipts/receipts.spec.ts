import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap, usePagePerTest, waitForMail } from '../../fixtures/browser';
import { apiCall, eventually, loginThroughForm, OWNER, storedSession } from '../auth/helpers';

const RECEIPTS = '/dashboard/golfrelated/receipts';

interface MadeInvoice {
  id: string;
  number: string;
  totalOre: number;
}

const today = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(new Date());

/**
 * Set-up through the API, as the accounting program would have it: a customer (with or without
 * an e-mail address) and an invoice to them, booked and paid in full today.
 */
async function paidInvoice(token: string, name: string, email: string | null): Promise<MadeInvoice> {
  const customer = await apiCall<{ number: string }>('POST', 'customers', { name, email }, token);
  const invoice = await apiCall<MadeInvoice>(
    'POST',
    'invoices',
    {
      customerNumber: customer.number,
      invoiceDate: today(),
      rows: [{ description: 'Greenfee e2e', priceOre: 40_000, vatPercent: 6 }],
    },
    token,
  );
  await apiCall('PUT', `invoices/${invoice.id}/bookkeep`, {}, token);
  await apiCall('POST', `invoices/${invoice.id}/payments`, { paymentDate: today(), amountOre: invoice.totalOre }, token);
  return invoice;
}

async function toast(page: Page, text: string | RegExp) {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor();
}

/**
 * Receipts (docs/receipts.md): two invoices paid today, one to a customer with an e-mail address and
 * one without. Sending both e-mails the first (a real SMTP delivery), marks it sent, and reports
 * the second as failed with its reason instead of "sent successfully".
 */
describe('receipts', () => {
  let page: Page;
  usePagePerTest((next) => {
    ({ page } = next);
  });

  it('sends a receipt, marks it sent, and reports the one that could not be sent', { timeout: 180_000 }, async () => {
    await loginThroughForm(page, OWNER);
    const { accessToken } = await storedSession(page);
    const tag = `Kvittotest${Date.now().toString(36)}`;
    const email = `${tag.toLowerCase()}@example.se`;
    const withEmail = await paidInvoice(accessToken as string, `${tag} Greta`, email);
    const withoutEmail = await paidInvoice(accessToken as string, `${tag} Per`, null);

    await page.goto(RECEIPTS);
    await page.getByRole('heading', { level: 1, name: 'Kvitton' }).waitFor();
    await page.getByRole('searchbox', { name: 'Sök kvitton' }).fill(tag);
    const table = page.getByRole('table', { name: 'Kvitton' });
    const rowOf = (number: string) =>
      table.getByRole('row').filter({ has: page.getByRole('checkbox', { name: `Välj faktura ${number}` }) });
    await rowOf(withEmail.number).waitFor({ timeout: 60_000 });
    await rowOf(withoutEmail.number).waitFor();
    await eventually(async () => expect(await table.getByRole('row').count()).toBe(3));
    expect(await rowOf(withoutEmail.number).textContent()).toContain('Ingen e-postadress');
    expect(await rowOf(withEmail.number).textContent()).toContain('Ej skickat');

    // Nothing chosen yet: the selection message.
    await page.getByRole('button', { name: /Skicka valda kvitton \(0\)/ }).click();
    await toast(page, 'Välj en eller flera fakturor');

    await page.getByRole('checkbox', { name: `Välj faktura ${withEmail.number}` }).check();
    await page.getByRole('checkbox', { name: `Välj faktura ${withoutEmail.number}` }).check();
    await page.getByRole('button', { name: /Skicka valda kvitton \(2\)/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Skicka kvitton' });
    await dialog.getByText(/1 kund saknar e-postadress/).waitFor();
    await snap(page, 'receipts-confirm');
    await dialog.getByRole('button', { name: 'Skicka', exact: true }).click();

    // The truth, not "sent successfully": one sent, one failed and why.
    await toast(page, '1 skickade, 1 misslyckades: ingen e-postadress');
    await eventually(async () => {
      expect(await rowOf(withEmail.number).textContent()).toContain('Skickat');
      expect(await rowOf(withoutEmail.number).textContent()).toContain('Kunde inte skickas');
    }, 20_000);
    await snap(page, 'receipts-after-send');

    const mail = await waitForMail(email, new RegExp(`Kvitto för faktura ${withEmail.number}`));
    expect(mail.text).toContain('Tack för din betalning!');

    // The receipt itself, as the customer got it.
    const pdf = await page.request.get(`/api/v1/receipts/${withEmail.id}/pdf`, {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
