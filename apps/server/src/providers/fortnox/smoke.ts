import { readFileSync, writeFileSync } from 'node:fs';
import { stockholmDate } from '../../lib/stockholm-time';
import type { AccessTokenSource, TokenSet } from '../accounting/credentials';
import {
  type AccArticle,
  type AccCustomer,
  type AccInvoice,
  type AccountingProvider,
  type InvoiceDeliveryMethod,
  serviceArticle,
} from '../accounting/provider';
import type { RateLimiter } from '../accounting/rate-limiter';
import { type SmokeStep, smokeSteps } from '../smoke-steps';
import { createFortnoxOAuth } from './oauth';
import { createFortnoxProvider } from './provider';

/**
 * The Fortnox smoke test (`npm run smoke:fortnox`): the whole chain a club's invoicing takes, run
 * with our real client (`provider.ts`) against the real Fortnox — connect, create a customer and an
 * article, invoice, book, send, register the payment, credit, read back — printing each step and
 * leaving the test company as it found it as far as Fortnox allows (the invoice credited, the
 * customer and the article made inactive; Fortnox keeps booked documents). Without credentials it
 * says so and does nothing. See docs/accounting.md#smoke-test-against-the-real-fortnox.
 */

export interface SmokeEnv {
  clientId: string;
  clientSecret: string;
  /** A user consent's refresh token (rotates: the new one is written back or printed). */
  refreshToken?: string;
  /** A file holding the refresh token, rewritten with the new one after the run. */
  refreshTokenFile?: string;
  /** A service account consent: the company's TenantId for the client-credentials grant. */
  tenantId?: string;
  apiBaseUrl: string;
  authBaseUrl: string;
  /** How the invoice is sent; `externalprint` (default) only marks it as sent. */
  sendMethod: InvoiceDeliveryMethod;
}

/** The `FORTNOX_SMOKE_*` variables, or null when the credentials are not set. */
export function smokeEnvFrom(env: NodeJS.ProcessEnv): SmokeEnv | null {
  const clientId = env.FORTNOX_SMOKE_CLIENT_ID;
  const clientSecret = env.FORTNOX_SMOKE_CLIENT_SECRET;
  const refreshTokenFile = env.FORTNOX_SMOKE_REFRESH_TOKEN_FILE || undefined;
  const refreshToken =
    env.FORTNOX_SMOKE_REFRESH_TOKEN || (refreshTokenFile ? readFileSync(refreshTokenFile, 'utf8').trim() : undefined);
  const tenantId = env.FORTNOX_SMOKE_TENANT_ID || undefined;
  if (!clientId || !clientSecret || (!refreshToken && !tenantId)) return null;
  const sendMethod = (env.FORTNOX_SMOKE_SEND || 'externalprint') as InvoiceDeliveryMethod;
  if (!['email', 'einvoice', 'externalprint', 'print'].includes(sendMethod))
    throw new Error(`FORTNOX_SMOKE_SEND must be email, einvoice, externalprint or print, not ${sendMethod}`);
  return {
    clientId,
    clientSecret,
    refreshToken,
    refreshTokenFile,
    tenantId,
    apiBaseUrl: env.FORTNOX_SMOKE_API_URL || 'https://api.fortnox.se/3',
    authBaseUrl: env.FORTNOX_SMOKE_AUTH_URL || 'https://apps.fortnox.se/oauth-v1',
    sendMethod,
  };
}

const NO_ADDRESS = { address1: null, address2: null, zipCode: null, city: null, countryCode: null };

/** The client's own per-process window already keeps 25 requests per 5 s; nothing is shared here. */
const processLimiter: RateLimiter = { acquire: async () => 0 };

export interface SmokeResult {
  ok: boolean;
  steps: SmokeStep[];
}

/** Runs the chain; `log` gets one line per step. Never throws: a failed step ends the run and is reported. */
export async function runFortnoxSmoke(env: SmokeEnv, log: (line: string) => void = console.log): Promise<SmokeResult> {
  const oauth = createFortnoxOAuth({ authBaseUrl: env.authBaseUrl, clientId: env.clientId, clientSecret: env.clientSecret });
  const { steps, step } = smokeSteps(log);
  let tokens: TokenSet | null = null;
  const newTokens = async () => {
    tokens = env.tenantId
      ? await oauth.clientCredentials(env.tenantId)
      : await oauth.refresh(tokens?.refreshToken ?? env.refreshToken ?? '');
    if (tokens.refreshToken && env.refreshTokenFile)
      writeFileSync(env.refreshTokenFile, `${tokens.refreshToken}\n`, { mode: 0o600 });
    return tokens;
  };
  const auth: AccessTokenSource = {
    get: async () => (tokens && tokens.expiresAt.getTime() > Date.now() + 60_000 ? tokens : await newTokens()).accessToken,
    refreshAfterRejection: async (rejected) =>
      tokens && tokens.accessToken !== rejected ? tokens.accessToken : (await newTokens()).accessToken,
  };

  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  const today = stockholmDate(new Date());
  let fortnox: AccountingProvider | null = null;
  let customer: AccCustomer | null = null;
  let article: AccArticle | null = null;
  let invoice: AccInvoice | null = null;
  let credited = false;
  try {
    await step(
      'connect',
      () => auth.get(),
      () => (env.tenantId ? `service account of ${env.tenantId}` : 'refresh token'),
    );
    const tenant = tokens ? (tokens as TokenSet).tenantId : null;
    fortnox = createFortnoxProvider({
      apiBaseUrl: env.apiBaseUrl,
      auth,
      limiter: processLimiter,
      rateKey: `fortnox-smoke:${tenant ?? env.clientId}`,
    });
    const provider = fortnox;
    await step(
      'company',
      () => provider.companyInformation(),
      (c) => `${c.name} (${c.organisationNumber ?? '–'})`,
    );
    customer = await step(
      'create customer',
      () =>
        provider.customers.create(
          {
            name: `Fairway smoke ${stamp}`,
            type: 'private',
            organisationNumber: null,
            active: true,
            address: { address1: 'Testvägen 1', address2: null, zipCode: '111 11', city: 'Stockholm', countryCode: 'SE' },
            deliveryAddress: NO_ADDRESS,
            phone1: null,
            phone2: null,
            email: 'smoke@example.invalid',
            emailInvoice: null,
            www: null,
            fax: null,
            yourReference: null,
            ourReference: null,
            notes: 'Made by npm run smoke:fortnox',
            termsOfPayment: null,
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
          { externalRef: `fw-smoke-${stamp}` },
        ),
      (c) => `number ${c.number}, reference ${c.externalRef}`,
    );
    const customerNumber = customer.number;
    article = await step(
      'create article',
      () =>
        provider.articles.create(
          serviceArticle({ description: `Fairway smoke ${stamp}`, unit: 'st', vatPercent: 25, salesPriceOre: 10_000 }),
          { externalRef: `fw-smoke-art-${stamp}` },
        ),
      (a) => `number ${a.number}, price ${(a.salesPriceOre ?? 0) / 100} kr`,
    );
    const articleNumber = article.number;
    // The company's own terms of payment (30 days where it has them): a blank one is refused.
    const terms = (await provider.codeLists.termsOfPayment()).map((c) => c.code);
    const termsOfPayment = terms.includes('30') ? '30' : (terms[0] ?? null);
    invoice = await step(
      'create invoice',
      () =>
        provider.invoices.create(
          {
            customerNumber,
            invoiceDate: today,
            dueDate: null,
            termsOfPayment,
            invoiceType: 'INVOICE',
            currency: 'SEK',
            yourReference: null,
            ourReference: null,
            remarks: 'Fairway smoke test',
            costCenter: null,
            project: null,
            rows: [
              {
                articleNumber,
                description: 'Fairway smoke test',
                quantityHundredths: 100,
                unit: 'st',
                priceOre: 10_000,
                vatPercent: 25,
                discountBasisPoints: 0,
                costCenter: null,
                project: null,
              },
            ],
          },
          { externalRef: `fw-smoke-inv-${stamp}` },
        ),
      (i) => `number ${i.number}, total ${i.totalOre / 100} kr, OCR ${i.ocr}`,
    );
    const invoiceNumber = invoice.number;
    invoice = await step(
      'book',
      () => provider.invoices.bookkeep(invoiceNumber),
      (i) => `booked ${i.booked}`,
    );
    invoice = await step(
      `send (${env.sendMethod})`,
      () => provider.invoices.send(invoiceNumber, env.sendMethod),
      (i) => `sent ${i.sent}`,
    );
    const total = invoice.totalOre;
    await step(
      'register payment',
      () =>
        provider.invoices.registerPayment(
          invoiceNumber,
          { paymentDate: today, amountOre: total },
          { externalRef: `fw-smoke-pay-${stamp}` },
        ),
      (p) => `payment ${p.number}, ${p.amountOre / 100} kr`,
    );
    const creditNote = await step(
      'credit',
      () => provider.invoices.credit(invoiceNumber),
      (c) => `credit note ${c.number}`,
    );
    credited = true;
    await step(
      'read back',
      async () => ({
        invoice: await provider.invoices.get(invoiceNumber),
        credit: await provider.invoices.get(creditNote.number),
      }),
      ({ invoice: i, credit }) => {
        const problems = [
          !i.booked && 'invoice not booked',
          !i.credited && 'invoice not credited',
          i.payments.length === 0 && 'payment missing',
          !credit.isCredit && 'credit note is not a credit',
        ].filter(Boolean);
        if (problems.length) throw new Error(problems.join(', '));
        return `invoice ${i.number} paid ${i.payments.length}× and credited by ${credit.number}`;
      },
    );
  } catch {
    // Reported by the step; the clean-up below still runs.
  }

  // ---- clean up what Fortnox lets us ------------------------------------------------------------
  const provider = fortnox;
  if (provider) {
    const clean = async (name: string, run: () => Promise<unknown>) => {
      try {
        await run();
        log(`clean ${name}`);
      } catch (error) {
        log(`clean ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    };
    const made = invoice;
    if (made && !credited) {
      const current = await provider.invoices.get(made.number).catch(() => made);
      if (current.booked && !current.credited)
        await clean(`credit invoice ${made.number}`, () => provider.invoices.credit(made.number));
      else if (!current.booked && !current.cancelled)
        await clean(`cancel invoice ${made.number}`, () => provider.invoices.cancel(made.number));
    }
    const madeArticle = article;
    if (madeArticle)
      await clean(`article ${madeArticle.number} inactive`, () =>
        provider.articles.update(madeArticle.number, { active: false }),
      );
    const madeCustomer = customer;
    if (madeCustomer)
      await clean(`customer ${madeCustomer.number} inactive`, () =>
        provider.customers.update(madeCustomer.number, { active: false }),
      );
  }
  const finalTokens = tokens as TokenSet | null;
  if (finalTokens?.refreshToken && !env.refreshTokenFile)
    log(`note  Fortnox rotated the refresh token; the old one no longer works. New refresh token: ${finalTokens.refreshToken}`);
  return { ok: steps.length > 0 && steps.every((s) => s.ok), steps };
}
