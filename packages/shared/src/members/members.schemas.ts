import { z } from 'zod';
import { sortOrderSchema, textField } from '../accounting/accounting.schemas';
import { paginationSchema } from '../errors';
import { invoiceListRowSchema } from '../invoices/invoices.schemas';
import { encodeMessage } from '../validation/messages';
import { optionalIsoDateField, requiredString } from '../validation/rules';
import { isValidGolfId, isValidHcp, isValidMemberPersonalNumber, normaliseGolfId, toE164 } from './members.rules';

/**
 * Members of a club account (docs/members-and-fees.md#members), their notes, the member_billing sub-resource and
 * the bulk actions of the member list. Members live in the portal (created here, imported from
 * GIT or from a file); amounts are öre, the handicap a number with one decimal, phone numbers
 * E.164, dates YYYY-MM-DD.
 */
export const SEXES = ['male', 'female'] as const;
export type Sex = (typeof SEXES)[number];
export const MEMBER_STATUSES = ['active', 'pending', 'paused', 'resigned'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
export const BILLING_METHODS = ['email', 'einvoice', 'letter'] as const;
export type BillingMethod = (typeof BILLING_METHODS)[number];
export const BILLING_CYCLES = ['yearly', 'half_yearly', 'quarterly', 'monthly'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];
/** Where a member came from: typed into the portal, synced from GIT, or a file import. */
export const MEMBER_SOURCES = ['portal', 'git', 'import'] as const;
export type MemberSource = (typeof MEMBER_SOURCES)[number];

/**
 * The fields GIT owns on a member it lists (`source = 'git'`): the GIT refresh writes them, the
 * portal shows them as GIT's and refuses to change them (docs/members.md). Everything else —
 * member number, personal number, fee rule, customer number, status, billing, notes, portal-made
 * families — is the portal's own.
 */
export const GIT_OWNED_MEMBER_FIELDS = [
  'firstname',
  'lastname',
  'golfId',
  'email',
  'birthDate',
  'sex',
  'phoneMobile',
  'homeAddress',
  'postalAddress',
  'zipCode',
  'city',
  'country',
  'homeClub',
  'memberCategoryId',
  'playerCategoryId',
  'hcp',
  'memberSince',
  'active',
  'guardianId',
] as const;
export type GitOwnedMemberField = (typeof GIT_OWNED_MEMBER_FIELDS)[number];

// ---- fields ---------------------------------------------------------------------------------

const emailField = () =>
  z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .refine((v) => v === '' || z.string().email().safeParse(v).success, { message: encodeMessage('email') })
    .transform((v) => (v === '' ? null : v))
    .nullable();

/** Swedish or international input (`070-123 45 67`, `+46 70…`); stored and answered as E.164. */
export const memberPhoneField = () =>
  z
    .string()
    .trim()
    .max(32)
    .refine((v) => v === '' || toE164(v) !== null, { message: encodeMessage('phone') })
    .transform((v) => (v === '' ? null : toE164(v)))
    .nullable();

/** `YYMMDD-NNN` with a real date; `YYMMDDNNN` is accepted and written with the dash. */
export const golfIdField = () =>
  z
    .string()
    .trim()
    .max(11)
    .refine((v) => v === '' || isValidGolfId(v), { message: encodeMessage('golf_id') })
    .transform((v) => (v === '' ? null : normaliseGolfId(v)))
    .nullable();

export const memberPersonalNumberField = () =>
  z
    .string()
    .trim()
    .max(13)
    .refine((v) => v === '' || isValidMemberPersonalNumber(v), { message: encodeMessage('personal_number_member') })
    .transform((v) => (v === '' ? null : v))
    .nullable();

const todayIso = () => new Date().toISOString().slice(0, 10);

const dateField = optionalIsoDateField;

const birthDateField = () =>
  dateField().refine((v) => v === null || v <= todayIso(), { message: encodeMessage('birth_date_future') });

export const hcpField = () =>
  z
    .number({ message: encodeMessage('hcp') })
    .refine(isValidHcp, { message: encodeMessage('hcp') })
    .nullable();

const countryField = () =>
  z
    .string()
    .trim()
    .max(2)
    .toUpperCase()
    .regex(/^([A-Z]{2})?$/, { message: encodeMessage('length', { length: 2 }) })
    .transform((v) => (v === '' ? null : v))
    .nullable();

const idField = () => z.string().uuid();

/** The billing tab (and `member_billing`): who is invoiced, how and how often. */
const billingFields = {
  billingName: textField(200),
  billingReference: textField(100),
  billingMethod: z.enum(BILLING_METHODS).nullable(),
  billingCycle: z.enum(BILLING_CYCLES).nullable(),
  receiptsEmail: emailField(),
};

const memberFields = {
  firstname: requiredString(100),
  lastname: requiredString(100),
  email: emailField(),
  birthDate: birthDateField(),
  active: z.boolean(),
  sex: z.enum(SEXES).nullable(),
  memberNumber: textField(50),
  homeClub: textField(100),
  golfId: golfIdField(),
  personalNumber: memberPersonalNumberField(),
  /** ISO 3166-1 alpha-2. */
  country: countryField(),
  hcp: hcpField(),
  homeAddress: textField(200),
  postalAddress: textField(200),
  zipCode: textField(10),
  city: textField(100),
  phoneMobile: memberPhoneField(),
  phoneHome: memberPhoneField(),
  phoneWork: memberPhoneField(),
  memberCategoryId: idField().nullable(),
  /** A fee rule of the fees feature (`/fees`). */
  feeRuleId: idField().nullable(),
  playerCategoryId: idField().nullable(),
  /** The member's customer number in the accounting program. */
  customerNumber: textField(50),
  memberSince: dateField(),
  status: z.enum(MEMBER_STATUSES),
  accountingNumberActive: z.boolean(),
  ...billingFields,
  /** Another member of the club account who pays for this one (juniors). */
  guardianId: idField().nullable(),
};

/** POST members: names are required, everything else may be left out (null, active, status active). */
export const createMemberBodySchema = z.object(memberFields).partial().required({ firstname: true, lastname: true }).strict();
export type CreateMemberBody = z.input<typeof createMemberBodySchema>;
export type CreateMemberInput = z.output<typeof createMemberBodySchema>;

/** PUT members/{id}: only the fields sent change (each detail tab sends its own). */
export const updateMemberBodySchema = z.object(memberFields).partial().strict();
export type UpdateMemberBody = z.input<typeof updateMemberBodySchema>;
export type UpdateMemberInput = z.output<typeof updateMemberBodySchema>;

/** PUT member_billing/{id}: the billing tab. */
export const memberBillingBodySchema = z.object(billingFields).partial().strict();
export type MemberBillingBody = z.input<typeof memberBillingBodySchema>;
export type MemberBillingInput = z.output<typeof memberBillingBodySchema>;

export const memberBillingSchema = z.object({
  memberId: z.string().uuid(),
  billingName: z.string().nullable(),
  billingReference: z.string().nullable(),
  billingMethod: z.enum(BILLING_METHODS).nullable(),
  billingCycle: z.enum(BILLING_CYCLES).nullable(),
  receiptsEmail: z.string().nullable(),
  customerNumber: z.string().nullable(),
  accountingNumberActive: z.boolean(),
  invoiceBalanceOre: z.number().int(),
  /** Who the invoices go to instead, for a junior. */
  guardian: z.object({ id: z.string().uuid(), firstname: z.string(), lastname: z.string() }).nullable(),
});
export type MemberBilling = z.infer<typeof memberBillingSchema>;

/**
 * GET member_billing/{id}/invoices: the invoices behind the member's invoice balance — the open
 * invoices (balance not zero, not cancelled) of the member's customer in the accounting program —
 * one page of them, with the balance they add up to, read in the same query so the two agree.
 */
export const memberInvoicesQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(10),
  })
  .strict();
export type MemberInvoicesQuery = z.input<typeof memberInvoicesQuerySchema>;
export type MemberInvoicesFilter = z.output<typeof memberInvoicesQuerySchema>;

export const memberInvoicesSchema = z.object({
  data: z.array(invoiceListRowSchema),
  pagination: paginationSchema,
  /** The member's invoice balance: the sum of every open invoice's balance (all pages). */
  balanceOre: z.number().int(),
  /** The customer the invoices are of (null: the member has no customer number yet). */
  customerNumber: z.string().nullable(),
});
export type MemberInvoices = z.infer<typeof memberInvoicesSchema>;

// ---- responses ------------------------------------------------------------------------------

const categoryRef = z.object({ id: z.string().uuid(), name: z.string(), code: z.string().nullable() });

export const memberSchema = z.object({
  id: z.string().uuid(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string().nullable(),
  birthDate: z.string().nullable(),
  /** Whole years today, from the birth date. */
  age: z.number().int().nullable(),
  active: z.boolean(),
  sex: z.enum(SEXES).nullable(),
  memberNumber: z.string().nullable(),
  homeClub: z.string().nullable(),
  golfId: z.string().nullable(),
  personalNumber: z.string().nullable(),
  country: z.string().nullable(),
  hcp: z.number().nullable(),
  homeAddress: z.string().nullable(),
  postalAddress: z.string().nullable(),
  zipCode: z.string().nullable(),
  city: z.string().nullable(),
  phoneMobile: z.string().nullable(),
  phoneHome: z.string().nullable(),
  phoneWork: z.string().nullable(),
  memberCategory: categoryRef.extend({ junior: z.boolean() }).nullable(),
  feeRuleId: z.string().uuid().nullable(),
  playerCategory: categoryRef.nullable(),
  customerNumber: z.string().nullable(),
  memberSince: z.string().nullable(),
  invoiceBalanceOre: z.number().int(),
  status: z.enum(MEMBER_STATUSES),
  accountingNumberActive: z.boolean(),
  billingName: z.string().nullable(),
  billingReference: z.string().nullable(),
  billingMethod: z.enum(BILLING_METHODS).nullable(),
  billingCycle: z.enum(BILLING_CYCLES).nullable(),
  receiptsEmail: z.string().nullable(),
  guardianId: z.string().uuid().nullable(),
  source: z.enum(MEMBER_SOURCES),
  /** GIT's own timestamps of the record, for members synced from GIT. */
  gitCreatedAt: z.string().nullable(),
  gitUpdatedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

export const memberRefSchema = z.object({
  id: z.string().uuid(),
  firstname: z.string(),
  lastname: z.string(),
  golfId: z.string().nullable(),
  age: z.number().int().nullable(),
});
export type MemberRef = z.infer<typeof memberRefSchema>;

export const memberNoteSchema = z.object({
  id: z.string().uuid(),
  text: z.string(),
  authorId: z.string().uuid().nullable(),
  authorName: z.string().nullable(),
  createdAt: z.string(),
});
export type MemberNote = z.infer<typeof memberNoteSchema>;

export const FAMILY_ROLES = ['payer', 'partner', 'child', 'other'] as const;
export type FamilyRole = (typeof FAMILY_ROLES)[number];

/** GET members/{id}: the member with the family tree, guardian, wards and notes tabs. */
export const memberDetailSchema = memberSchema.extend({
  guardian: memberRefSchema.nullable(),
  /** Members this one is guardian of. */
  wards: z.array(memberRefSchema),
  family: z
    .object({
      id: z.string().uuid(),
      name: z.string(),
      role: z.enum(FAMILY_ROLES),
      members: z.array(memberRefSchema.extend({ role: z.enum(FAMILY_ROLES) })),
    })
    .nullable(),
  notes: z.array(memberNoteSchema),
});
export type MemberDetail = z.infer<typeof memberDetailSchema>;

export const memberListRowSchema = z.object({
  id: z.string().uuid(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string().nullable(),
  golfId: z.string().nullable(),
  memberNumber: z.string().nullable(),
  birthDate: z.string().nullable(),
  age: z.number().int().nullable(),
  sex: z.enum(SEXES).nullable(),
  active: z.boolean(),
  status: z.enum(MEMBER_STATUSES),
  hcp: z.number().nullable(),
  phoneMobile: z.string().nullable(),
  city: z.string().nullable(),
  memberCategoryId: z.string().uuid().nullable(),
  memberCategoryName: z.string().nullable(),
  playerCategoryId: z.string().uuid().nullable(),
  playerCategoryName: z.string().nullable(),
  feeRuleId: z.string().uuid().nullable(),
  memberSince: z.string().nullable(),
  invoiceBalanceOre: z.number().int(),
  inFamily: z.boolean(),
  guardianId: z.string().uuid().nullable(),
});
export type MemberListRow = z.infer<typeof memberListRowSchema>;

export const membersListSchema = z.object({ data: z.array(memberListRowSchema), pagination: paginationSchema });
export type MembersList = z.infer<typeof membersListSchema>;

// ---- list query -----------------------------------------------------------------------------

/** Sortable columns of the member list (each has an index in members.tables.ts). */
export const MEMBER_SORTS = ['name', 'golfId', 'memberNumber', 'age', 'hcp', 'memberSince', 'balance', 'createdAt'] as const;
export type MemberSort = (typeof MEMBER_SORTS)[number];

const boolParam = () =>
  z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional();
const ageParam = () => z.coerce.number().int().min(0).max(130).optional();

/**
 * GET members: search (name, golf ID, member number, e-mail — word prefixes), filters, one sort
 * column and paging. Without a sort the list is by last name, first name.
 */
export const membersListQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
    search: z.string().trim().max(100).optional(),
    sort: z.enum(MEMBER_SORTS).default('name'),
    order: sortOrderSchema.default('asc'),
    active: boolParam(),
    memberCategoryId: z.string().uuid().optional(),
    playerCategoryId: z.string().uuid().optional(),
    sex: z.enum(SEXES).optional(),
    status: z.enum(MEMBER_STATUSES).optional(),
    ageFrom: ageParam(),
    ageTo: ageParam(),
    inFamily: boolParam(),
    /** Members who owe money (a balance other than zero). */
    hasBalance: boolParam(),
    /**
     * These members only (comma-separated ids, or the key repeated; at most a page of 100): how a
     * form shows the names of members picked before in one call. Another club account's ids take
     * nobody.
     */
    ids: z
      // 100 ids of 36 characters and their commas, or 100 repeated keys of one id each.
      .union([z.string().max(100 * 37), z.array(z.string().max(36 * 100)).max(100)])
      .transform((value) =>
        (Array.isArray(value) ? value : [value])
          .flatMap((part) => part.split(','))
          .map((id) => id.trim())
          .filter((id) => id !== ''),
      )
      .pipe(z.array(z.uuid({ message: encodeMessage('invalid_value') })).max(100))
      .optional(),
  })
  .strict()
  .refine((q) => q.ageFrom === undefined || q.ageTo === undefined || q.ageFrom <= q.ageTo, {
    path: ['ageTo'],
    message: encodeMessage('age_range'),
  });
export type MembersListQuery = z.input<typeof membersListQuerySchema>;
export type MembersListFilter = z.output<typeof membersListQuerySchema>;

// ---- notes ----------------------------------------------------------------------------------

export const memberNoteBodySchema = z.object({ text: requiredString(4000) }).strict();
export type MemberNoteBody = z.input<typeof memberNoteBodySchema>;

export const memberNoteParamsSchema = z.object({ id: z.string().uuid(), noteId: z.string().uuid() }).strict();

// ---- bulk actions ---------------------------------------------------------------------------

export const MEMBER_BULK_ACTIONS = ['activate', 'deactivate', 'setCategory', 'setFeeRule', 'delete'] as const;
export type MemberBulkAction = (typeof MEMBER_BULK_ACTIONS)[number];
/** How many members one bulk action may name. */
export const MEMBER_BULK_MAX = 5000;

/**
 * The selection of the member list (an in-memory selection list). An empty
 * selection is answered with 'Kindly select one or more members', as a message rather
 * than a field error, so the list shows it as a toast.
 */
const selection = z.array(z.string().uuid()).max(MEMBER_BULK_MAX);

export const memberBulkActionBodySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('activate'), ids: selection }).strict(),
  z.object({ action: z.literal('deactivate'), ids: selection }).strict(),
  z.object({ action: z.literal('setCategory'), ids: selection, memberCategoryId: z.string().uuid().nullable() }).strict(),
  z.object({ action: z.literal('setFeeRule'), ids: selection, feeRuleId: z.string().uuid().nullable() }).strict(),
  z.object({ action: z.literal('delete'), ids: selection }).strict(),
]);
export type MemberBulkActionBody = z.input<typeof memberBulkActionBodySchema>;

export const memberBulkResultSchema = z.object({ action: z.enum(MEMBER_BULK_ACTIONS), affected: z.number().int() });
export type MemberBulkResult = z.infer<typeof memberBulkResultSchema>;
