import { z } from 'zod';
import { encodeMessage } from '../validation/messages';
import { GIT_BASIS_SYNC_STATES, gitBasisSyncSchema } from './git-sync.schemas';

/**
 * The club account's GIT link and the portal's copy of GIT (docs/git.md: the GIT pages and
 * records, `git/`, `git/list_members/`, paid and credited invoices). Money in öre.
 */

export const GIT_CONNECTION_STATUSES = ['connected', 'key_revoked', 'not_connected'] as const;
export type GitConnectionStatus = (typeof GIT_CONNECTION_STATUSES)[number];

/** An absolute http(s) address (GIT's API root). */
function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export const gitConnectBodySchema = z
  .object({
    /** The club's id in GIT (`X-Club-Id`). */
    clubId: z.string().trim().min(1).max(50),
    apiKey: z.string().trim().min(1).max(500),
    /** GIT's API root. */
    baseUrl: z
      .string()
      .trim()
      .max(500)
      .refine(isHttpUrl, { message: encodeMessage('url') }),
  })
  .strict();
export type GitConnectBody = z.infer<typeof gitConnectBodySchema>;

export const gitConnectionSchema = z.object({
  status: z.enum(GIT_CONNECTION_STATUSES),
  clubId: z.string().nullable(),
  clubName: z.string().nullable(),
  environment: z.enum(['live', 'simulator']).nullable(),
  connectedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type GitConnectionInfo = z.infer<typeof gitConnectionSchema>;

const page = {
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
};
const boolParam = () =>
  z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional();

export const gitMemberSchema = z.object({
  id: z.string().uuid(),
  golfId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  categoryCode: z.string(),
  categoryName: z.string(),
  guardianGolfId: z.string().nullable(),
  familyId: z.string().nullable(),
  familyRole: z.string().nullable(),
  active: z.boolean(),
  modifiedAt: z.string(),
  /** The same person in the member register (linked by golf ID; docs/members.md), once the refresh wrote them. */
  memberId: z.string().uuid().nullable(),
});
export type GitMemberRow = z.infer<typeof gitMemberSchema>;

export const gitMembersQuerySchema = z
  .object({
    ...page,
    /** Name or golf ID. */
    search: z.string().trim().max(100).optional(),
    category: z.string().trim().max(50).optional(),
    active: boolParam(),
  })
  .strict();
export type GitMembersQuery = z.input<typeof gitMembersQuerySchema>;

export const gitArticleSchema = z.object({
  id: z.string().uuid(),
  gitId: z.string(),
  code: z.string(),
  name: z.string(),
  amountOre: z.number().int(),
  vatRate: z.number(),
  account: z.string(),
  memberCategoryCode: z.string().nullable(),
});
export type GitArticleRow = z.infer<typeof gitArticleSchema>;

export const gitArticlesQuerySchema = z.object({ ...page, search: z.string().trim().max(100).optional() }).strict();

export const GIT_BASIS_STATUS_VALUES = ['unpaid', 'partially_paid', 'paid', 'credited'] as const;
export type GitBasisStatus = (typeof GIT_BASIS_STATUS_VALUES)[number];

export const gitInvoiceOccasionSchema = z.object({
  id: z.string().uuid(),
  gitId: z.string(),
  name: z.string(),
  invoiceDate: z.string(),
  dueDate: z.string(),
  basisCount: z.number().int(),
  totalOre: z.number().int(),
  paidOre: z.number().int(),
  archived: z.boolean(),
  createdAt: z.string(),
});
export type GitInvoiceOccasionRow = z.infer<typeof gitInvoiceOccasionSchema>;

export const gitInvoiceOccasionDetailSchema = gitInvoiceOccasionSchema.extend({
  /** Mirrored invoice bases per status. */
  statusCounts: z.object({
    unpaid: z.number().int(),
    partially_paid: z.number().int(),
    paid: z.number().int(),
    credited: z.number().int(),
  }),
});
export type GitInvoiceOccasionDetail = z.infer<typeof gitInvoiceOccasionDetailSchema>;

export const gitInvoiceOccasionsQuerySchema = z.object({ ...page, archived: boolParam() }).strict();

export const gitInvoiceBasisSchema = z.object({
  id: z.string().uuid(),
  gitId: z.string(),
  occasionGitId: z.string(),
  number: z.number().int(),
  memberGolfId: z.string(),
  memberName: z.string(),
  payerKind: z.enum(['self', 'guardian', 'family']),
  payerGolfId: z.string(),
  payerName: z.string(),
  familyId: z.string().nullable(),
  rows: z.array(
    z.object({
      articleCode: z.string(),
      description: z.string(),
      quantity: z.number(),
      amountOre: z.number().int(),
      vatRate: z.number(),
    }),
  ),
  totalOre: z.number().int(),
  dueDate: z.string(),
  status: z.enum(GIT_BASIS_STATUS_VALUES),
  paidOre: z.number().int(),
  paidAt: z.string().nullable(),
  creditedAt: z.string().nullable(),
  creditReason: z.string().nullable(),
  /** How far the GIT → accounting sync has got with the basis (its target: the API configuration's club_to_sync). */
  sync: gitBasisSyncSchema,
});
export type GitInvoiceBasisRow = z.infer<typeof gitInvoiceBasisSchema>;

export const gitInvoiceBasesQuerySchema = z
  .object({
    ...page,
    status: z.enum(GIT_BASIS_STATUS_VALUES).optional(),
    search: z.string().trim().max(100).optional(),
    sync: z.enum(GIT_BASIS_SYNC_STATES).optional(),
  })
  .strict();

/** Paid / credited invoices (bases) across the club account's occasions. */
export const gitSettledInvoicesQuerySchema = z
  .object({ ...page, occasionId: z.string().uuid().optional(), search: z.string().trim().max(100).optional() })
  .strict();

export const GIT_TRANSACTION_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;

export const gitTransactionSchema = z.object({
  id: z.string().uuid(),
  kind: z.string(),
  trigger: z.string(),
  status: z.enum(GIT_TRANSACTION_STATUSES),
  created: z.number().int(),
  updated: z.number().int(),
  counts: z.record(z.string(), z.object({ created: z.number().int(), updated: z.number().int() })),
  /** Progress of runs that work through items (sync, report): total, done so far, failed. */
  total: z.number().int(),
  processed: z.number().int(),
  failed: z.number().int(),
  failures: z.array(z.object({ basisGitId: z.string().nullable(), invoiceNumber: z.string().nullable(), message: z.string() })),
  targetClubAccountId: z.string().uuid().nullable(),
  error: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type GitTransaction = z.infer<typeof gitTransactionSchema>;

export const gitTransactionsQuerySchema = z.object({ ...page, status: z.enum(GIT_TRANSACTION_STATUSES).optional() }).strict();
