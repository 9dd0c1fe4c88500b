/**
 * The whole Visma eEkonomi chain against Visma's real sandbox, through the portal's own client
 * (providers/visma-eekonomi): refresh the sandbox company's consent, read the company, create a
 * customer and an article, create an invoice (drafted and converted: booked), send it, register a
 * payment, credit it, read it back; then make the customer and article inactive again (Visma
 * keeps booked invoices and vouchers; nothing else can be deleted).
 *
 *   VISMA_SMOKE_CLIENT_ID=… VISMA_SMOKE_CLIENT_SECRET=… VISMA_SMOKE_REFRESH_TOKEN=… npm run smoke:visma
 *
 * - VISMA_SMOKE_REFRESH_TOKEN: a refresh token of the sandbox company's consent (docs/accounting.md#smoke-test-against-vismas-sandbox
 *   says how to get one). Visma's refresh tokens work once: the script prints the new one, to
 *   keep for the next run.
 * - VISMA_SMOKE_AUTH_URL / VISMA_SMOKE_API_URL: the sandbox's identity server and API
 *   (defaults `https://identity-sandbox.test.vismaonline.com`, `https://eaccountingapi-sandbox.test.vismaonline.com`).
 * - VISMA_SMOKE_EMAIL: where the invoice is e-mailed; without it the invoice is printed.
 *
 * Without the credentials it says so and exits 0.
 */
import { AccountingError } from '../src/providers/accounting/errors';
import { serviceArticle } from '../src/providers/accounting/provider';
import type { RateLimiter } from '../src/providers/accounting/rate-limiter';
import { createMemoryRequestJournal } from '../src/providers/accounting/request-journal';
import { smokeSteps } from '../src/providers/smoke-steps';
import { createVismaOAuth } from '../src/providers/visma-eekonomi/oauth';
import { createVismaEekonomiProvider } from '../src/providers/visma-eekonomi/provider';

const env = process.env;
const clientId = env.VISMA_SMOKE_CLIENT_ID;
const clientSecret = env.VISMA_SMOKE_CLIENT_SECRET;
const refreshToken = env.VISMA_SMOKE_REFRESH_TOKEN;

if (!clientId || !clientSecret || !refreshToken) {
  console.log(
    'smoke:visma — skipped: set VISMA_SMOKE_CLIENT_ID, VISMA_SMOKE_CLIENT_SECRET and VISMA_SMOKE_REFRESH_TOKEN (a sandbox company) to run it.',
  );
  process.exit(0);
}

const authUrl = env.VISMA_SMOKE_AUTH_URL ?? 'https://identity-sandbox.test.vismaonline.com';
const apiUrl = env.VISMA_SMOKE_API_URL ?? 'https://eaccountingapi-sandbox.test.vismaonline.com';

/** Visma allows 600 a minute per endpoint; a smoke run makes a few dozen requests, spaced a little. */
const limiter: RateLimiter = {
  async acquire() {
    await new Promise((resolve) => setTimeout(resolve, 120));
    return 120;
  },
};

const { step } = smokeSteps();

async function main() {
  const oauth = createVismaOAuth({ authBaseUrl: authUrl, clientId: clientId as string, clientSecret: clientSecret as string });
  let tokens = await step(
    'refresh the sandbox consent',
    () => oauth.refresh(refreshToken as string),
    (t) => `scopes ${t.scope}`,
  );
  console.log(`    the refresh token is used up; keep the new one: VISMA_SMOKE_REFRESH_TOKEN=${tokens.refreshToken}`);
  const provider = createVismaEekonomiProvider({
    apiBaseUrl: `${apiUrl.replace(/\/+$/, '')}/v2`,
    auth: {
      get: async () => tokens.accessToken,
      async refreshAfterRejection(rejected) {
        if (rejected !== tokens.accessToken) return tokens.accessToken;
        tokens = await oauth.refresh(tokens.refreshToken as string);
        console.log(`    refreshed again; keep: VISMA_SMOKE_REFRESH_TOKEN=${tokens.refreshToken}`);
        return tokens.accessToken;
      },
    },
    limiter,
    rateKey: 'visma_eekonomi:smoke',
    journal: createMemoryRequestJournal(),
  });

  const run = new Date()
    .toISOString()
    .replace(/[-:.TZ]/g, '')
    .slice(0, 14);
  const today = new Date().toISOString().slice(0, 10);
  const company = await step(
    'read the company',
    () => provider.companyInformation(),
    (c) => c.name,
  );
  const terms = await step(
    'read the terms of payment',
    () => provider.codeLists.termsOfPayment(),
    (t) => `${t.length} terms`,
  );
  const customer = await step(
    'create a customer',
    () =>
      provider.customers.create(
        {
          name: `Fairway smoke ${run}`,
          type: 'private',
          organisationNumber: null,
          active: true,
          address: { address1: 'Testvägen 1', address2: null, zipCode: '111 22', city: 'Stockholm', countryCode: 'SE' },
          deliveryAddress: { address1: null, address2: null, zipCode: null, city: null, countryCode: null },
          phone1: null,
          phone2: null,
          email: env.VISMA_SMOKE_EMAIL ?? null,
          emailInvoice: null,
          www: null,
          fax: null,
          yourReference: null,
          ourReference: null,
          notes: 'Made by npm run smoke:visma',
          termsOfPayment: terms[0]?.code ?? null,
          termsOfDelivery: null,
          currency: 'SEK',
          priceList: null,
          invoiceDiscountBasisPoints: null,
          invoiceAdministrationFeeOre: null,
          invoiceFreightOre: null,
          vatType: 'SEVAT',
          salesAccount: null,
          costCenter: null,
          project: null,
          defaultDelivery: null,
          invoiceTemplate: null,
        },
        { externalRef: `smoke-cust-${run}` },
      ),
    (c) => `customer ${c.number}`,
  );
  const article = await step(
    'create an article',
    () =>
      provider.articles.create(
        serviceArticle({ description: `Smoke greenfee ${run}`.slice(0, 50), vatPercent: 6, salesPriceOre: 45_000 }),
        { externalRef: `smoke-art-${run}` },
      ),
    (a) => `article ${a.number}`,
  );
  const invoice = await step(
    'create the invoice (draft, converted: booked)',
    () =>
      provider.invoices.create(
        {
          customerNumber: customer.number,
          invoiceDate: today,
          dueDate: null,
          termsOfPayment: null,
          invoiceType: 'INVOICE',
          currency: 'SEK',
          yourReference: null,
          ourReference: 'Fairway smoke',
          remarks: null,
          costCenter: null,
          project: null,
          rows: [
            {
              articleNumber: article.number,
              description: article.description,
              quantityHundredths: 200,
              unit: null,
              priceOre: 45_000,
              vatPercent: 6,
              discountBasisPoints: 0,
              costCenter: null,
              project: null,
            },
          ],
        },
        { externalRef: `smoke-inv-${run}` },
      ),
    (i) => `invoice ${i.number}, ${i.totalOre / 100} kr`,
  );
  await step(
    'bookkeep (already booked by the conversion)',
    () => provider.invoices.bookkeep(invoice.number),
    (i) => `booked ${i.booked}`,
  );
  const method = env.VISMA_SMOKE_EMAIL ? 'email' : 'print';
  await step(
    `send it (${method})`,
    () => provider.invoices.send(invoice.number, method),
    (i) => `sent ${i.sent}`,
  );
  await step(
    'register a part payment',
    () =>
      provider.invoices.registerPayment(
        invoice.number,
        { paymentDate: today, amountOre: 10_000 },
        { externalRef: `smoke-pay-${run}` },
      ),
    (p) => `payment ${p.number}, ${p.amountOre / 100} kr`,
  );
  const credit = await step(
    'credit it',
    () => provider.invoices.credit(invoice.number),
    (c) => `credit note ${c.number}`,
  );
  await step(
    'read the invoice back',
    () => provider.invoices.get(invoice.number),
    (i) => `balance ${i.balanceOre / 100} kr, ${i.payments.length} payment(s), credited ${i.credited}`,
  );
  await step(
    'read the credit note back',
    () => provider.invoices.get(credit.number),
    (c) => `${c.totalOre / 100} kr`,
  );
  await step('clean up: the customer inactive', () => provider.customers.update(customer.number, { active: false }));
  await step('clean up: the article inactive', () => provider.articles.update(article.number, { active: false }));
  console.log(`smoke:visma — the whole chain worked against ${company.name} (${apiUrl}).`);
}

main().catch((error: unknown) => {
  if (error instanceof AccountingError) console.error(`${error.kind}: ${error.message}`, error.params);
  else console.error(error);
  process.exit(1);
});
