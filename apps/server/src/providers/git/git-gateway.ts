import { z } from 'zod';

/**
 * The GIT gateway: what the portal needs of GIT, the Swedish Golf Federation's member system
 * (members, their fees, invoice occasions with their invoice bases; marking a basis paid and
 * crediting it). The rest of the product works only through `GitGateway`: the real HTTP client
 * (`git.client.ts`) implements it over the protocol of PROTOCOL.md, and the simulator
 * (`git.simulator.ts`) speaks that protocol, so tests and the demo exercise the client for real.
 *
 * The schemas below are both the normalized types and the wire format (GIT's API is licence-gated
 * and undocumented, so we define it): the client checks every answer against them.
 *
 * Money is in öre (integers), VAT rates in percent (0, 6, 12, 25), dates `YYYY-MM-DD`, moments
 * ISO 8601 with a zone. A golf ID is `YYMMDD-NNN`.
 */

export const GOLF_ID_PATTERN = /^\d{6}-\d{3}$/;

const isoMoment = z.iso.datetime({ offset: true });
const isoDate = z.iso.date();
const ore = z.number().int();

export const gitAddressSchema = z.object({
  careOf: z.string().nullable(),
  street: z.string(),
  postalCode: z.string(),
  city: z.string(),
  /** ISO 3166-1 alpha-2, e.g. `SE`. */
  country: z.string(),
});
export type GitAddress = z.infer<typeof gitAddressSchema>;

/** A *medlemskategori*: drives which annual fee a member is invoiced. */
export const gitMemberCategorySchema = z.object({
  /** GIT's short code, e.g. `FULL`, `VARDAG`, `JUNIOR`. */
  code: z.string(),
  /** e.g. Fullvärdig, Vardagsmedlem, Junior, Studerande, Senior, Passiv. */
  name: z.string(),
});
export type GitMemberCategory = z.infer<typeof gitMemberCategorySchema>;

/**
 * A fee assigned to a member (*avgift*): `assigned` until its invoice basis is paid, then `active`;
 * `credited` when the basis was credited.
 */
export const gitMemberFeeSchema = z.object({
  articleId: z.string(),
  articleCode: z.string(),
  invoiceBasisId: z.string(),
  amountOre: ore,
  status: z.enum(['assigned', 'active', 'credited']),
  activatedAt: isoMoment.nullable(),
});
export type GitMemberFee = z.infer<typeof gitMemberFeeSchema>;

export const GIT_FAMILY_ROLES = ['payer', 'adult', 'child'] as const;
export type GitFamilyRole = (typeof GIT_FAMILY_ROLES)[number];

export const gitMemberSchema = z.object({
  golfId: z.string().regex(GOLF_ID_PATTERN),
  firstName: z.string(),
  lastName: z.string(),
  birthDate: isoDate,
  sex: z.enum(['female', 'male', 'unknown']),
  email: z.string().nullable(),
  /** E.164, e.g. `+46701234567`. */
  phone: z.string().nullable(),
  address: gitAddressSchema.nullable(),
  /** Only when invoices go elsewhere than `address`. */
  invoiceAddress: gitAddressSchema.nullable(),
  homeClub: z.object({ id: z.string(), name: z.string() }),
  category: gitMemberCategorySchema,
  /** *Spelarkategori*, e.g. "Fullt spelberättigad", "Vardagsspel", "Ej spelberättigad". */
  playerCategory: z.string().nullable(),
  /** Exact handicap; a plus handicap is negative. */
  handicap: z.number().nullable(),
  memberSince: isoDate,
  /** The membership is active (its fee has been paid). */
  active: z.boolean(),
  /** A junior's guardian (*målsman*), who receives the junior's invoices. */
  guardianGolfId: z.string().regex(GOLF_ID_PATTERN).nullable(),
  /** The family group invoiced together; the member with role `payer` pays. */
  family: z.object({ id: z.string(), role: z.enum(GIT_FAMILY_ROLES) }).nullable(),
  fees: z.array(gitMemberFeeSchema),
  modifiedAt: isoMoment,
});
export type GitMember = z.infer<typeof gitMemberSchema>;

/** An article / fee (*avgift*) as GIT defines it for the club. */
export const gitArticleSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  amountOre: ore,
  vatRate: z.number(),
  /** The accounting account (BAS), e.g. `3011`. */
  account: z.string(),
  /** The member category whose annual fee this is; null for fees any member may have. */
  memberCategoryCode: z.string().nullable(),
  modifiedAt: isoMoment,
});
export type GitArticle = z.infer<typeof gitArticleSchema>;

/**
 * An invoice occasion (*fakturaomgång*): a batch of invoice bases. Whether the portal shows it as
 * archived is the portal's own flag, not GIT's.
 */
export const gitInvoiceOccasionSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: isoMoment,
  invoiceDate: isoDate,
  dueDate: isoDate,
  basisCount: z.number().int(),
  totalOre: ore,
  paidCount: z.number().int(),
  partiallyPaidCount: z.number().int(),
  creditedCount: z.number().int(),
  paidOre: ore,
  modifiedAt: isoMoment,
});
export type GitInvoiceOccasion = z.infer<typeof gitInvoiceOccasionSchema>;

export const gitInvoiceRowSchema = z.object({
  id: z.string(),
  articleId: z.string(),
  articleCode: z.string(),
  description: z.string(),
  quantity: z.number(),
  /** Including VAT. */
  unitAmountOre: ore,
  /** `quantity × unitAmountOre`, including VAT. */
  amountOre: ore,
  vatRate: z.number(),
  /** The VAT part of `amountOre`. */
  vatOre: ore,
});
export type GitInvoiceRow = z.infer<typeof gitInvoiceRowSchema>;

export const GIT_BASIS_STATUSES = ['unpaid', 'partially_paid', 'paid', 'credited'] as const;
export type GitInvoiceBasisStatus = (typeof GIT_BASIS_STATUSES)[number];

/** Who receives the invoice: the member, a junior's guardian, or the family's payer. */
export const gitPayerSchema = z.object({
  golfId: z.string().regex(GOLF_ID_PATTERN),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  /** The payer's invoice address, or their address. */
  address: gitAddressSchema.nullable(),
  reason: z.enum(['self', 'guardian', 'family']),
});
export type GitPayer = z.infer<typeof gitPayerSchema>;

export const gitPaymentSchema = z.object({
  reference: z.string(),
  amountOre: ore,
  paidAt: isoMoment,
});
export type GitPayment = z.infer<typeof gitPaymentSchema>;

/** An invoice basis (*fakturaunderlag*) of one member in an invoice occasion. */
export const gitInvoiceBasisSchema = z.object({
  id: z.string(),
  occasionId: z.string(),
  /** GIT's running number of the basis within the club. */
  number: z.number().int(),
  memberGolfId: z.string().regex(GOLF_ID_PATTERN),
  memberName: z.string(),
  payer: gitPayerSchema,
  /** Set when the basis is invoiced together with the rest of the family. */
  familyId: z.string().nullable(),
  rows: z.array(gitInvoiceRowSchema),
  totalOre: ore,
  vatOre: ore,
  dueDate: isoDate,
  status: z.enum(GIT_BASIS_STATUSES),
  paidOre: ore,
  /** When it became fully paid (the last payment's moment for a partly paid basis). */
  paidAt: isoMoment.nullable(),
  payments: z.array(gitPaymentSchema),
  creditedAt: isoMoment.nullable(),
  creditReason: z.string().nullable(),
  createdAt: isoMoment,
  modifiedAt: isoMoment,
});
export type GitInvoiceBasis = z.infer<typeof gitInvoiceBasisSchema>;

export const gitClubSchema = z.object({
  id: z.string(),
  name: z.string(),
  organisationNumber: z.string(),
  district: z.string(),
});
export type GitClub = z.infer<typeof gitClubSchema>;

export interface GitPage<T> {
  items: T[];
  page: number;
  pageSize: number;
  totalItems: number;
  totalPages: number;
}

export function gitPageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
    totalItems: z.number().int().min(0),
    totalPages: z.number().int().min(0),
  });
}

/** GIT answers at most this many items per page. */
export const GIT_MAX_PAGE_SIZE = 500;

export interface GitListQuery {
  /** 1-based. */
  page?: number;
  /** At most 500 (default 100). */
  pageSize?: number;
  /** Only items changed at or after this moment. */
  modifiedSince?: Date;
}

export type GitIterateOptions = Omit<GitListQuery, 'page'>;

export interface MarkPaidInput {
  paidAt: Date;
  amountOre: number;
  /** The payment's own reference (e.g. the accounting program's payment id); repeats are no-ops. */
  reference: string;
}

export interface CreditInput {
  reason: string;
  creditedAt: Date;
}

export interface GitGateway {
  getClub(): Promise<GitClub>;

  listMemberCategories(query?: GitListQuery): Promise<GitPage<GitMemberCategory>>;
  listMembers(query?: GitListQuery): Promise<GitPage<GitMember>>;
  /** Every member (page after page); with `modifiedSince`, only those changed since. */
  members(options?: GitIterateOptions): AsyncIterable<GitMember>;
  getMember(golfId: string): Promise<GitMember>;

  listArticles(query?: GitListQuery): Promise<GitPage<GitArticle>>;
  articles(options?: GitIterateOptions): AsyncIterable<GitArticle>;

  listInvoiceOccasions(query?: GitListQuery): Promise<GitPage<GitInvoiceOccasion>>;
  invoiceOccasions(options?: GitIterateOptions): AsyncIterable<GitInvoiceOccasion>;
  getInvoiceOccasion(occasionId: string): Promise<GitInvoiceOccasion>;

  listInvoiceBases(occasionId: string, query?: GitListQuery): Promise<GitPage<GitInvoiceBasis>>;
  invoiceBases(occasionId: string, options?: GitIterateOptions): AsyncIterable<GitInvoiceBasis>;
  getInvoiceBasis(basisId: string): Promise<GitInvoiceBasis>;

  /**
   * Records a payment; when the basis is fully paid its fees and the member's membership become
   * active. A payment whose reference the basis already has is a no-op (the basis is returned).
   */
  markPaid(basisId: string, input: MarkPaidInput): Promise<GitInvoiceBasis>;
  /** Credits the basis (its fees stop); crediting a credited basis again is a no-op. */
  credit(basisId: string, input: CreditInput): Promise<GitInvoiceBasis>;
}

/** Walks a paged list from page 1 until its last page. */
export async function* paginate<T>(fetchPage: (page: number) => Promise<GitPage<T>>): AsyncGenerator<T, void, undefined> {
  for (let page = 1; ; page++) {
    const result = await fetchPage(page);
    yield* result.items;
    if (page >= result.totalPages || result.items.length === 0) return;
  }
}
