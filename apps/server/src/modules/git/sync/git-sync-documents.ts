import {
  type BillingMethod,
  type InvoiceConfiguration,
  type InvoiceSendMethod,
  type MemberConfiguration,
  priceFeeRule,
  vatIncludedOre,
} from '@fairway/shared';
import { ConflictError } from '../../../lib/errors';
import type { CustomerFields, DocumentRow, InvoiceDeliveryMethod } from '../../../providers/accounting/provider';
import type { GitAddress } from '../../../providers/git/git-gateway';
import type { MirrorTarget } from '../../accounting/mirror/mirror';
import { familyDiscountsOfGolfId } from '../../members/families.repository';
import { billingMethodsByGolfId } from '../../members/members.repository';
import type { GitDeps } from '../git.deps';
import type { BasisRow, MemberRow } from './git-sync-mirror.repository';

// The accounting documents a GIT invoice basis becomes: who pays, the customer's fields, the rows.

/**
 * Who pays the basis: the payer GIT names (guardian of a junior, family payer), unless the member
 * configuration turns that off, in which case the member pays their own fee.
 */
export function payerGolfIdOf(basis: BasisRow, config: MemberConfiguration): string {
  if (basis.payerKind === 'guardian' && config.guardianPaysForJuniors) return basis.payerGolfId;
  if (basis.payerKind === 'family' && config.familyPayerPays) return basis.payerGolfId;
  return basis.memberGolfId;
}

/** Whether the family discount applies: only when the family payer gets the family's fees. */
export const familyPays = (basis: BasisRow, config: MemberConfiguration) =>
  basis.payerKind === 'family' && config.familyPayerPays;

/** A price incl. VAT (as GIT has it) without its VAT, as the programs take it. */
export const exVat = (inclOre: number, vatRate: number) => inclOre - vatIncludedOre(inclOre, vatRate);

export const SEND_WAY: Record<InvoiceConfiguration['sendMethod'], InvoiceDeliveryMethod> = {
  email: 'email',
  einvoice: 'einvoice',
  print: 'print',
  external_print: 'externalprint',
};

/**
 * How an invoice to a payer is sent: the invoice configuration's method, except that a payer who is
 * a member and asked for letters gets it on paper and one who asked for e-mail (and has an
 * address) by e-mail, and e-mail to a payer without an address goes by post, which the program
 * would otherwise refuse. The preflight counts with it and the run sends with it.
 */
export function deliveryWayOf(
  sendMethod: InvoiceSendMethod,
  email: string | null,
  preference: BillingMethod | null,
): InvoiceSendMethod {
  if (preference === 'letter') return sendMethod === 'external_print' ? 'external_print' : 'print';
  if (preference === 'email' && email) return 'email';
  if (sendMethod === 'email' && !email) return 'print';
  return sendMethod;
}

/**
 * The billing method members of the GIT club account chose, by golf ID (members without one are
 * left out), from the member register (modules/members).
 */
export async function billingMethodsOf(
  deps: Pick<GitDeps, 'db'>,
  gitTarget: MirrorTarget,
  golfIds: string[],
): Promise<Map<string, BillingMethod>> {
  const rows = await billingMethodsByGolfId(deps.db, gitTarget, golfIds);
  return new Map(rows.map((r) => [r.golfId, r.billingMethod]));
}

export function addressOf(address: GitAddress | null | undefined) {
  return {
    address1: address?.street ?? null,
    address2: address?.careOf ?? null,
    zipCode: address?.postalCode ?? null,
    city: address?.city ?? null,
    countryCode: address?.country ?? null,
  };
}

export function customerFieldsOf(golfId: string, member: MemberRow | undefined, basis: BasisRow): CustomerFields {
  const raw = (member?.raw ?? {}) as { phone?: string | null; address?: GitAddress | null; invoiceAddress?: GitAddress | null };
  const payer = ((basis.raw ?? {}) as { payer?: { golfId?: string; email?: string | null; address?: GitAddress | null } }).payer;
  const fromBasis = payer?.golfId === golfId ? payer : undefined;
  const name = member
    ? `${member.firstName} ${member.lastName}`
    : golfId === basis.payerGolfId
      ? basis.payerName
      : basis.memberName;
  const empty = addressOf(null);
  return {
    name: name.slice(0, 1024),
    type: 'private',
    organisationNumber: null,
    active: true,
    address: addressOf(raw.invoiceAddress ?? raw.address ?? fromBasis?.address),
    deliveryAddress: empty,
    phone1: raw.phone ?? null,
    phone2: null,
    email: member?.email ?? fromBasis?.email ?? null,
    emailInvoice: null,
    www: null,
    fax: null,
    yourReference: null,
    ourReference: null,
    notes: `GIT golf-ID ${golfId}`,
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
  };
}

export interface FamilyDiscount {
  name: string;
  type: 'percentage' | 'amount';
  /** Percent (12.5) or öre. */
  value: number;
}

/**
 * The portal family of the member (by golf ID in the GIT club account) and its discount, if any:
 * the family's own, else its fee rule's (modules/members, modules/fees).
 */
export async function familyDiscountOf(
  deps: Pick<GitDeps, 'db'>,
  gitTarget: MirrorTarget,
  golfId: string,
): Promise<FamilyDiscount | null> {
  const row = await familyDiscountsOfGolfId(deps.db, gitTarget, golfId);
  if (!row) return null;
  if (row.discountType && row.discountValue) {
    return {
      name: row.name,
      type: row.discountType,
      value: row.discountType === 'percentage' ? row.discountValue / 100 : row.discountValue,
    };
  }
  if (row.ruleType && row.ruleType !== 'none' && row.ruleValue) {
    return { name: row.name, type: row.ruleType, value: row.ruleType === 'percentage' ? row.ruleValue / 100 : row.ruleValue };
  }
  return null;
}

/**
 * The invoice rows of a basis: mapped articles, prices ex VAT, and the family discount as its own
 * rows per VAT rate. When someone else pays (`forMember`: the member's name), each fee row names the
 * member it is for, so the payer sees whose fees they are paying.
 */
export function invoiceRowsOf(
  basis: BasisRow,
  mappings: Map<string, string>,
  discount: FamilyDiscount | null,
  forMember: string | null = null,
): DocumentRow[] {
  const missing = [...new Set(basis.rows.filter((r) => !mappings.has(r.articleCode)).map((r) => r.articleCode))];
  if (missing.length > 0) throw new ConflictError('gitSync.missingArticles', { codes: missing.join(', ') });
  const rows: DocumentRow[] = basis.rows.map((r) => {
    const quantity = r.quantity > 0 ? r.quantity : 1;
    const unitIncl = Math.round(r.amountOre / quantity);
    return {
      articleNumber: mappings.get(r.articleCode) ?? null,
      description: (forMember ? `${r.description} – ${forMember}` : r.description).slice(0, 255),
      quantityHundredths: Math.round(quantity * 100),
      unit: null,
      priceOre: exVat(unitIncl, r.vatRate),
      vatPercent: r.vatRate,
      discountBasisPoints: 0,
      costCenter: null,
      project: null,
    };
  });
  if (discount) {
    const priced = priceFeeRule({
      fees: basis.rows.map((r, i) => ({ id: String(i), amountOre: r.amountOre, vatRate: r.vatRate })),
      discountType: discount.type,
      discountValue: discount.value,
    });
    for (const rate of priced.byVatRate) {
      if (rate.discountOre <= 0) continue;
      rows.push({
        articleNumber: null,
        description: `Familjerabatt – ${discount.name}`.slice(0, 255),
        quantityHundredths: 100,
        unit: null,
        priceOre: -exVat(rate.discountOre, rate.vatRate),
        vatPercent: rate.vatRate,
        discountBasisPoints: 0,
        costCenter: null,
        project: null,
      });
    }
  }
  return rows;
}
