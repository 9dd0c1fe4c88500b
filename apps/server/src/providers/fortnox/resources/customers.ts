import { AccountingError } from '../../accounting/errors';
import type { AccCustomer, AccountingProvider, SummaryOmits } from '../../accounting/provider';
import type { FxCustomer } from '../fortnox-types';
import { customerFromFx, customerFromListItem, customerToFx } from '../mapping';
import { all, enc, type FortnoxContext, idempotent, list, missingAsNull, send } from './context';
import { getCustomer } from './documents';

/**
 * What a customer list item does not carry (CONTRACT.md rule L1: it has only the number, name,
 * organisation number, address lines, zip code, city, e-mail and `Phone`).
 */
export const CUSTOMER_LIST_OMITS: SummaryOmits<AccCustomer> = [
  'externalRef',
  'type',
  'active',
  'deliveryAddress',
  'phone2',
  'emailInvoice',
  'www',
  'fax',
  'yourReference',
  'ourReference',
  'notes',
  'termsOfPayment',
  'termsOfDelivery',
  'currency',
  'priceList',
  'invoiceDiscountBasisPoints',
  'invoiceAdministrationFeeOre',
  'invoiceFreightOre',
  'vatType',
  'salesAccount',
  'costCenter',
  'project',
  'defaultDelivery',
  'invoiceTemplate',
];

/**
 * Customers: found by our reference in ExternalReference (read back per candidate of the same
 * name, as Fortnox cannot search it).
 */
export function customersOf(ctx: FortnoxContext): AccountingProvider['customers'] {
  return {
    summaryOmits: CUSTOMER_LIST_OMITS,
    list: (query) => list<FxCustomer, AccCustomer>(ctx, 'customers', 'Customers', query, customerFromListItem),
    get: (number) => getCustomer(ctx, number),
    create: (fields, { externalRef, firstAttempt }) =>
      idempotent(
        ctx,
        async () => {
          if (fields.number) {
            const existing = await missingAsNull(() => getCustomer(ctx, fields.number as string));
            if (!existing) return null;
            if (existing.externalRef === externalRef) return existing;
            throw new AccountingError('conflict', 'accounting.customerNumberInUse', undefined, { provider: 'fortnox' });
          }
          // Fortnox cannot filter on ExternalReference; the name narrows it to a few to read.
          const candidates = await all<FxCustomer>(ctx, 'customers', 'Customers', { name: fields.name });
          for (const candidate of candidates.filter((c) => c.Name === fields.name)) {
            const customer = await getCustomer(ctx, candidate.CustomerNumber);
            if (customer.externalRef === externalRef) return customer;
          }
          return null;
        },
        async () =>
          customerFromFx(
            (
              await send<{ Customer: FxCustomer }>(
                ctx,
                'POST',
                'customers',
                { Customer: customerToFx(fields, externalRef) },
                'customer',
                false,
              )
            ).Customer,
          ),
        firstAttempt,
      ),
    update: async (number, fields) =>
      customerFromFx(
        (
          await send<{ Customer: FxCustomer }>(
            ctx,
            'PUT',
            `customers/${enc(number)}`,
            { Customer: customerToFx(fields) },
            'customer',
            true,
          )
        ).Customer,
      ),
  };
}
