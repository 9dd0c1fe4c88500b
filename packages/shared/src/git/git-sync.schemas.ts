import { z } from 'zod';
import { INVOICE_SEND_METHODS } from '../configurations/configurations.schemas';
import { encodeMessage } from '../validation/messages';

/**
 * The GIT → accounting sync (docs/git.md#sync): preflight, article
 * mappings and the sync run. The club account in use is the GIT club account; the target is the
 * club account whose accounting program gets the customers, articles and invoices (the API
 * configuration's `club_to_sync`, or the one chosen in the dialog).
 */

/** What the portal shows of a basis's sync (git_sync_items.state, simplified). */
export const GIT_BASIS_SYNC_STATES = ['not_synced', 'synced', 'sent', 'failed', 'paused'] as const;
export type GitBasisSyncState = (typeof GIT_BASIS_SYNC_STATES)[number];

export const gitBasisSyncSchema = z.object({
  state: z.enum(GIT_BASIS_SYNC_STATES),
  invoiceNumber: z.string().nullable(),
  /** Why the last attempt failed, in the reader's language. */
  error: z.string().nullable(),
});
export type GitBasisSync = z.infer<typeof gitBasisSyncSchema>;

export const GIT_SYNC_MAX_BASES = 10_000;

const targetField = z.string().uuid().nullable().optional();

/** The bases a sync would take, and the club account it would go to (POST git/sync/preflight). */
export const gitSyncSelectionSchema = z
  .object({
    occasionId: z.string().uuid(),
    /** Only these bases of the occasion; absent = every basis of it. */
    basisIds: z
      .array(z.string().uuid())
      .min(1, { message: encodeMessage('git_sync_bases_required') })
      .max(GIT_SYNC_MAX_BASES, { message: encodeMessage('git_sync_too_many_bases', { max: GIT_SYNC_MAX_BASES }) })
      .optional(),
    /** Absent or null: the API configuration's `club_to_sync`, else the club account in use. */
    targetClubAccountId: targetField,
  })
  .strict();
export type GitSyncSelectionBody = z.infer<typeof gitSyncSelectionSchema>;

/**
 * POST git/sync: the selection, and what this run does with each invoice it makes. Absent, each
 * follows the target's invoice configuration (`bookOnCreate`; send by `sendMethod`).
 */
export const gitSyncBodySchema = gitSyncSelectionSchema
  .extend({
    /** Book each invoice as it is made. */
    book: z.boolean().optional(),
    /** Send each invoice (the way the preflight's `delivery.ways` counts); false: create only, send later. */
    send: z.boolean().optional(),
  })
  .strict();
export type GitSyncBody = z.infer<typeof gitSyncBodySchema>;

export const gitMissingArticleSchema = z.object({
  code: z.string(),
  name: z.string(),
  amountOre: z.number().int(),
  vatRate: z.number(),
  account: z.string(),
});
export type GitMissingArticle = z.infer<typeof gitMissingArticleSchema>;

/** How many invoices go each way when sent (keys: the invoice configuration's send methods). */
export const gitSyncWaysSchema = z.object({
  email: z.number().int(),
  einvoice: z.number().int(),
  print: z.number().int(),
  external_print: z.number().int(),
});
export type GitSyncWays = z.infer<typeof gitSyncWaysSchema>;

export const gitSyncPreflightSchema = z.object({
  /** The club account whose accounting program gets the invoices; `configured`: the API configuration's `club_to_sync`. */
  target: z.object({ id: z.string().uuid(), name: z.string(), configured: z.boolean() }),
  /** Bases the sync would invoice: not yet synced, not credited in GIT, no payment in GIT. */
  bases: z.number().int(),
  /** Bases already invoiced that the run looks at again (sends one not yet sent, brings a GIT change or credit over, pauses). */
  followUps: z.number().int(),
  /** The bases the run works on (`bases` + `followUps`): the figure its progress counts to. */
  total: z.number().int(),
  alreadySynced: z.number().int(),
  /** Bases GIT already has (part) payments for and the portal never invoiced: left out, so nobody pays twice. */
  paidInGit: z.number().int(),
  customersToCreate: z.number().int(),
  missingArticles: z.array(gitMissingArticleSchema),
  /** The invoices this run addresses to someone other than the member (a guardian, a family payer). */
  otherPayers: z.array(
    z.object({
      basisGitId: z.string(),
      memberGolfId: z.string(),
      memberName: z.string(),
      payerKind: z.enum(['guardian', 'family']),
      payerGolfId: z.string(),
      payerName: z.string(),
    }),
  ),
  /**
   * What happens to each invoice made, per the target's invoice configuration: booked or not
   * (`book`, the default of the run's `book`), and when sent (the run's `send`, on by default)
   * how many go each way (the invoices made and those made earlier but not sent yet): the
   * configured method, by post (`print`) when it is e-mail and the payer has no e-mail address, or
   * the payer's own choice as a member (billing method).
   */
  delivery: z.object({ book: z.boolean(), sendMethod: z.enum(INVOICE_SEND_METHODS), ways: gitSyncWaysSchema }),
});
export type GitSyncPreflight = z.infer<typeof gitSyncPreflightSchema>;

export const gitArticleMappingSchema = z.object({
  gitArticleCode: z.string(),
  gitArticleName: z.string(),
  amountOre: z.number().int(),
  vatRate: z.number(),
  articleNumber: z.string().nullable(),
});
export type GitArticleMapping = z.infer<typeof gitArticleMappingSchema>;

export const gitArticleMappingsQuerySchema = z.object({ targetClubAccountId: z.string().uuid().optional() }).strict();

const gitArticleCode = z
  .string()
  .trim()
  .min(1, { message: encodeMessage('required') })
  .max(50);

export const gitArticleMappingsBodySchema = z
  .object({
    targetClubAccountId: targetField,
    mappings: z
      .array(
        z.union([
          z
            .object({
              gitArticleCode,
              articleNumber: z
                .string()
                .trim()
                .min(1, { message: encodeMessage('required') })
                .max(50),
            })
            .strict(),
          z.object({ gitArticleCode, create: z.literal(true) }).strict(),
        ]),
      )
      .min(1, { message: encodeMessage('required') })
      .max(1000),
  })
  .strict();
export type GitArticleMappingsBody = z.infer<typeof gitArticleMappingsBodySchema>;
