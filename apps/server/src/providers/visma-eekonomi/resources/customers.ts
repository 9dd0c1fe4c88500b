import type { AccCustomer, AccountingProvider, CustomerFields } from '../../accounting/provider';
import { fetchAll, type VismaPage } from '../client';
import { customerFromVisma, customerToVisma, type VismaCustomer } from '../mapping';
import type { VismaContext } from './context';
import { createOnce, pageQuery, quote, toPage } from './shared';

/**
 * Customers, keyed by CustomerNumber. A create carries our reference in a marker line of `Note`
 * (mapping.ts), so after a lost answer it is found again by `Name eq` and the whole Note.
 */
export function customersOf(ctx: VismaContext): AccountingProvider['customers'] {
  const { api } = ctx;
  return {
    summaryOmits: [],
    async list(query) {
      const page = await api.get<VismaPage<VismaCustomer>>('/customers', { query: pageQuery(query, 'ChangedUtc') });
      return toPage(page, page.Data.map(ctx.rememberCustomer).map(customerFromVisma));
    },
    async get(number) {
      return customerFromVisma(await ctx.customerByNumber(number));
    },
    async create(fields, { externalRef, firstAttempt }) {
      const defaultTerms = (await ctx.company()).TermsOfPaymentId ?? '';
      const body = customerToVisma(
        { ...fields, termsOfPayment: await ctx.codeToId('termsOfPayment', fields.termsOfPayment) },
        null,
        externalRef,
        defaultTerms,
      );
      // `Name eq` is a documented property compared by the API (without regard to case); what
      // decides is the whole Note, with our marker in it, compared exactly.
      let look = firstAttempt !== true;
      const lookup = async (): Promise<AccCustomer | null> => {
        if (!look) {
          look = true;
          return null;
        }
        const named = await fetchAll<VismaCustomer>(api, '/customers', { $filter: `Name eq ${quote(fields.name)}` });
        const mine = named.find((c) => c.Note === body.Note && c.Name === fields.name);
        return mine ? customerFromVisma(ctx.rememberCustomer(mine)) : null;
      };
      return createOnce(lookup, async () =>
        customerFromVisma(
          ctx.rememberCustomer(
            await api.request<VismaCustomer>('POST', '/customers', { body, conflictKey: 'accounting.customerNumberInUse' }),
          ),
        ),
      );
    },
    async update(number, fields) {
      const current = await ctx.customerByNumber(number);
      const merged: CustomerFields = { ...customerFromVisma(current), ...fields };
      if (fields.termsOfPayment !== undefined)
        merged.termsOfPayment = await ctx.codeToId('termsOfPayment', fields.termsOfPayment);
      const body = customerToVisma(merged, current, null, (await ctx.company()).TermsOfPaymentId ?? '');
      return customerFromVisma(
        ctx.rememberCustomer(
          await api.request<VismaCustomer>('PUT', `/customers/${current.Id}`, {
            body,
            notFoundKey: 'accounting.customerMissing',
            conflictKey: 'accounting.customerNumberInUse',
          }),
        ),
      );
    },
  };
}
