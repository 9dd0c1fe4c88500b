import { AccountingError } from '../../accounting/errors';
import type { AccContract, AccInvoice, AccountingProvider, SummaryOmits } from '../../accounting/provider';
import type { FxContract, FxInvoice } from '../fortnox-types';
import { contractFromFx, contractFromListItem, contractToFx, newContractToFx } from '../mapping';
import { action, all, enc, type FortnoxContext, idempotent, list, send } from './context';
import { getContract, getInvoiceFx, invoiceWithPayments } from './documents';

/**
 * What a contract list item does not carry (CONTRACT.md rule L1): no ContractDate, references,
 * VAT and payment terms, cost center, project or rows (its Status gives `active` and `finished`).
 */
export const CONTRACT_LIST_OMITS: SummaryOmits<AccContract> = [
  'externalRef',
  'contractDate',
  'vatIncluded',
  'termsOfPayment',
  'yourReference',
  'ourReference',
  'remarks',
  'costCenter',
  'project',
];

/** Contracts: found by our reference read back per candidate of the customer. */
export function contractsOf(ctx: FortnoxContext): AccountingProvider['contracts'] {
  return {
    summaryOmits: CONTRACT_LIST_OMITS,
    list: (query) => list<FxContract, AccContract>(ctx, 'contracts', 'Contracts', query, contractFromListItem),
    get: (number) => getContract(ctx, number),
    create: (fields, { externalRef }) =>
      idempotent(
        ctx,
        // Contracts cannot be searched by reference (CONTRACT.md rule S1; an unknown parameter is
        // ignored and answers every contract, rule S3): the customer's contracts are read and
        // their ExternalInvoiceReference1 compared exactly, newest first.
        async () => {
          const theirs = (await all<FxContract>(ctx, 'contracts', 'Contracts', {}))
            .filter((c) => c.CustomerNumber === fields.customerNumber)
            .sort((a, b) => Number(b.DocumentNumber) - Number(a.DocumentNumber));
          for (const candidate of theirs) {
            const contract = await getContract(ctx, candidate.DocumentNumber);
            if (contract.externalRef === externalRef) return contract;
          }
          return null;
        },
        async () =>
          contractFromFx(
            (
              await send<{ Contract: FxContract }>(
                ctx,
                'POST',
                'contracts',
                { Contract: newContractToFx(fields, externalRef) },
                'contract',
                false,
              )
            ).Contract,
          ),
      ),
    update: async (number, fields) =>
      contractFromFx(
        (
          await send<{ Contract: FxContract }>(
            ctx,
            'PUT',
            `contracts/${enc(number)}`,
            { Contract: contractToFx(fields) },
            'contract',
            true,
          )
        ).Contract,
      ),
    finish: (number) =>
      action(
        async () =>
          contractFromFx(
            (await send<{ Contract: FxContract }>(ctx, 'PUT', `contracts/${enc(number)}/finish`, undefined, 'contract', false))
              .Contract,
          ),
        async () => {
          const contract = await getContract(ctx, number);
          return contract.finished ? contract : null;
        },
      ),
    createInvoice: (number) => createContractInvoice(ctx, number),
  };
}

/**
 * Invoices the contract's next period. Fortnox's OpenAPI document says the answer is the new
 * invoice, public SDKs read the contract (CONTRACT.md rule A1): both are taken, and when the
 * answer does not carry the invoice (or is lost) the invoice is found as the new agreement
 * invoice of the contract's customer whose ContractReference is this contract. Not retried:
 * Fortnox would invoice the next period as well.
 */
export async function createContractInvoice(ctx: FortnoxContext, number: string): Promise<AccInvoice> {
  const contract = await getContract(ctx, number);
  const customerInvoices = async () =>
    (await all<FxInvoice>(ctx, 'invoices', 'Invoices', { customernumber: contract.customerNumber })).filter(
      (i) => i.CustomerNumber === contract.customerNumber,
    );
  const before = new Set((await customerInvoices()).map((i) => i.DocumentNumber));
  const findMade = async () => {
    const made = (await customerInvoices())
      .filter((i) => !before.has(i.DocumentNumber) && (i.InvoiceType === undefined || i.InvoiceType === 'AGREEMENTINVOICE'))
      .sort((a, b) => Number(b.DocumentNumber) - Number(a.DocumentNumber));
    for (const candidate of made) {
      const fx = await getInvoiceFx(ctx, candidate.DocumentNumber);
      if (String(fx.ContractReference) === number) return invoiceWithPayments(ctx, fx.DocumentNumber, fx);
    }
    return null;
  };
  return action(async () => {
    const answer = await send<{ Invoice?: FxInvoice; Contract?: FxContract }>(
      ctx,
      'PUT',
      `contracts/${enc(number)}/createinvoice`,
      undefined,
      'contract',
      false,
    );
    if (answer?.Invoice?.DocumentNumber) return invoiceWithPayments(ctx, answer.Invoice.DocumentNumber, answer.Invoice);
    const made = await findMade();
    if (!made)
      throw new AccountingError('unavailable', 'accounting.unavailable', { provider: 'Fortnox' }, { provider: 'fortnox' });
    return made;
  }, findMade);
}
