import { randomUUID } from 'node:crypto';
import type {
  CreateCustomerInput,
  Customer,
  CustomerOption,
  CustomerRow,
  CustomersListFilter,
  Pagination,
  UpdateCustomerInput,
} from '@fairway/shared';
import { NotFoundError } from '../../lib/errors';
import { type Lang, t } from '../../lib/i18n';
import { isAccountingError } from '../../providers/accounting/errors';
import type { CustomerFields } from '../../providers/accounting/provider';
import { type AccountingCaller, targetOf } from '../accounting/access';
import type { AccountingDeps } from '../accounting/deps';
import { joinInFlight } from '../accounting/in-flight';
import { type ExportFile, exportRows } from '../accounting/mirror/export';
import { logEvent, userDisplayName } from '../eventlogs/eventlogs.service';
import { mirrorCustomers } from './customers.mirror';
import * as repo from './customers.repository';

export const EXPORT_LIMIT = 50_000;

function toCustomer(row: repo.CustomerRecord): Customer {
  const c = row.data;
  return {
    id: row.id,
    number: row.number,
    name: c.name,
    type: c.type,
    organisationNumber: c.organisationNumber,
    active: c.active,
    address: c.address,
    deliveryAddress: c.deliveryAddress,
    phone1: c.phone1,
    phone2: c.phone2,
    email: c.email,
    emailInvoice: c.emailInvoice,
    www: c.www,
    fax: c.fax,
    yourReference: c.yourReference,
    ourReference: c.ourReference,
    notes: c.notes,
    termsOfPayment: c.termsOfPayment,
    termsOfDelivery: c.termsOfDelivery,
    currency: c.currency,
    priceList: c.priceList,
    invoiceDiscountBasisPoints: c.invoiceDiscountBasisPoints,
    invoiceAdministrationFeeOre: c.invoiceAdministrationFeeOre,
    invoiceFreightOre: c.invoiceFreightOre,
    vatType: c.vatType,
    salesAccount: c.salesAccount,
    costCenter: c.costCenter,
    project: c.project,
    defaultDelivery: c.defaultDelivery,
    invoiceTemplate: c.invoiceTemplate,
    sni: row.portalFields.sni ?? null,
    cfar: row.portalFields.cfar ?? null,
    shopId: row.portalFields.shopId ?? null,
    syncedAt: row.syncedAt.toISOString(),
  };
}

/** The body's fields the accounting program keeps (the rest stay in the portal). */
function programFields(body: UpdateCustomerInput): CustomerFields {
  const { sni: _sni, cfar: _cfar, shopId: _shop, ...fields } = body;
  return fields;
}

export async function listCustomersPage(
  deps: AccountingDeps,
  caller: AccountingCaller,
  filter: CustomersListFilter,
): Promise<{ data: CustomerRow[]; pagination: Pagination }> {
  const { rows, total } = await repo.listCustomers(deps.db, caller, targetOf(caller), filter, filter);
  return {
    data: rows.map(({ readInFullAt, ...r }) => ({ ...r, type: r.type as CustomerRow['type'], readWhole: readInFullAt !== null })),
    pagination: { page: filter.page, pageSize: filter.pageSize, total },
  };
}

/**
 * GET customers/{id}: the whole customer as the program has it now, written back into the mirror
 * (a list refresh gives only list items, which in Fortnox carry no type or active flag). When the
 * program cannot answer, the mirror's copy is answered; a customer the program no longer has, or
 * refuses to read, is an error as usual.
 */
export async function getCustomer(deps: AccountingDeps, caller: AccountingCaller, id: string): Promise<Customer> {
  const target = targetOf(caller);
  const row = await repo.findCustomer(deps.db, caller, target, id);
  if (!row) throw new NotFoundError('customers.notFound');
  try {
    const provider = await deps.accountingFor({ organisationId: target.organisationId }, target.clubAccountId);
    const fresh = await provider.customers.get(row.number);
    await mirrorCustomers(deps.db, target, [fresh], null, true);
  } catch (error) {
    if (!isAccountingError(error) || error.kind === 'not_found' || error.kind === 'validation') throw error;
    deps.log.warn({ err: error, customer: row.number }, 'customer read from the mirror: the accounting program did not answer');
    return toCustomer(row);
  }
  const reread = await repo.findCustomer(deps.db, caller, target, id);
  if (!reread) throw new NotFoundError('customers.notFound');
  return toCustomer(reread);
}

export async function searchCustomerOptions(
  deps: AccountingDeps,
  caller: AccountingCaller,
  q: string,
): Promise<CustomerOption[]> {
  return repo.searchCustomers(deps.db, caller, targetOf(caller), q, 20);
}

/**
 * POST customers: created in the accounting program first (carrying our reference, so a retry
 * after a lost answer finds it instead of creating a second; the same `requestId` again answers
 * the first customer, also when it waited in the connector's queue), then written to the mirror with
 * the portal-only fields and who created it, and told in the event log. A refusal by the program
 * changes nothing here.
 */
export async function createCustomer(
  deps: AccountingDeps,
  caller: AccountingCaller,
  body: CreateCustomerInput,
): Promise<Customer> {
  return joinInFlight(body.requestId ? `${caller.organisationId}:customers:${body.requestId}` : null, async () => {
    const target = targetOf(caller);
    const externalRef = `fw-${body.requestId ?? randomUUID()}`;
    if (body.requestId) {
      const done = await repo.findCustomerByExternalRef(deps.db, target, externalRef);
      if (done) return toCustomer(done);
    }
    const provider = await deps.accountingFor({ organisationId: target.organisationId }, target.clubAccountId);
    const { number, requestId: _r, ...rest } = body;
    const created = await provider.customers.create({ ...programFields(rest), ...(number ? { number } : {}) }, { externalRef });
    return deps.db.transaction(async (tx) => {
      await mirrorCustomers(tx, target, [created], caller.userId, true);
      await repo.savePortalFields(tx, target, created.number, { sni: body.sni, cfar: body.cfar, shopId: body.shopId });
      await logEvent(tx, {
        organisationId: target.organisationId,
        clubAccountId: target.clubAccountId,
        resource: 'customers',
        activity: 'customers.event.created',
        params: { user: await userDisplayName(tx, caller.userId), number: created.number, name: created.name },
        type: 'SUCCESS',
      });
      const row = await repo.findCustomerByNumber(tx, target, created.number);
      if (!row) throw new Error('the created customer is missing from the mirror');
      return toCustomer(row);
    });
  });
}

/** PUT customers/{id}: the program is updated first; the mirror then takes its answer. */
export async function updateCustomer(
  deps: AccountingDeps,
  caller: AccountingCaller,
  id: string,
  body: UpdateCustomerInput,
): Promise<Customer> {
  const target = targetOf(caller);
  const existing = await repo.findCustomer(deps.db, caller, target, id);
  if (!existing) throw new NotFoundError('customers.notFound');
  const provider = await deps.accountingFor({ organisationId: target.organisationId }, target.clubAccountId);
  const updated = await provider.customers.update(existing.number, programFields(body));
  return deps.db.transaction(async (tx) => {
    await mirrorCustomers(tx, target, [updated], null, true);
    await repo.savePortalFields(tx, target, updated.number, { sni: body.sni, cfar: body.cfar, shopId: body.shopId });
    await logEvent(tx, {
      organisationId: target.organisationId,
      clubAccountId: target.clubAccountId,
      resource: 'customers',
      activity: 'customers.event.updated',
      params: { user: await userDisplayName(tx, caller.userId), number: updated.number, name: updated.name },
      type: 'INFO',
    });
    const row = await repo.findCustomerByNumber(tx, target, updated.number);
    if (!row) throw new Error('the updated customer is missing from the mirror');
    return toCustomer(row);
  });
}

export async function exportCustomers(
  deps: AccountingDeps,
  caller: AccountingCaller,
  filter: Omit<CustomersListFilter, 'page' | 'pageSize'>,
  format: 'csv' | 'xlsx',
  lang: Lang,
): Promise<ExportFile> {
  const rows = await repo.allCustomers(deps.db, caller, targetOf(caller), filter, EXPORT_LIMIT);
  const h = (key: Parameters<typeof t>[0]) => t(key, lang);
  return exportRows(
    format,
    h('customers.export.filename'),
    [
      { header: h('customers.export.number'), value: (r) => r.number, width: 12 },
      { header: h('customers.export.name'), value: (r) => r.name, width: 32 },
      {
        header: h('customers.export.type'),
        value: (r) => h(r.type === 'company' ? 'customers.export.company' : 'customers.export.private'),
      },
      { header: h('customers.export.organisationNumber'), value: (r) => r.organisationNumber, width: 16 },
      { header: h('customers.export.address'), value: (r) => r.data.address.address1, width: 28 },
      { header: h('customers.export.zipCode'), value: (r) => r.data.address.zipCode, width: 10 },
      { header: h('customers.export.city'), value: (r) => r.city },
      { header: h('customers.export.email'), value: (r) => r.email, width: 28 },
      { header: h('customers.export.phone'), value: (r) => r.phone },
      {
        header: h('customers.export.active'),
        value: (r) => h(r.active ? 'customers.export.yes' : 'customers.export.no'),
        width: 8,
      },
    ],
    rows,
  );
}
