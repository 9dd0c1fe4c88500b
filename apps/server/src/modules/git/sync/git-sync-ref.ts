import { createHash } from 'node:crypto';

/**
 * The references that tie what the GIT sync makes in an accounting program to the GIT record it
 * came from. They are derived, never random: a run that was killed and started again, or a second
 * worker, computes the same reference, finds the document the first attempt made (the providers
 * look the reference up before creating) and never makes a second one. The report-back to GIT
 * finds a basis's accounting invoice in the mirror by the same reference.
 */

/** A UUID (version-5 layout) from a name, stable across processes and restarts. */
function stableUuid(name: string): string {
  const h = createHash('sha256').update(name).digest();
  h[6] = (h.readUInt8(6) & 0x0f) | 0x50;
  h[8] = (h.readUInt8(8) & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The `requestId` of the invoice made for GIT invoice basis `basisGitId` (of GIT club account
 * `gitClubAccountId`) in the accounting program of `targetClubAccountId`.
 */
export function basisInvoiceRequestId(gitClubAccountId: string, targetClubAccountId: string, basisGitId: string): string {
  return stableUuid(`git-basis-invoice:${gitClubAccountId}:${targetClubAccountId}:${basisGitId}`);
}

/** The `externalRef` that invoice carries (what `invoices.service` `createInvoice` derives from a `requestId`). */
export function basisInvoiceExternalRef(gitClubAccountId: string, targetClubAccountId: string, basisGitId: string): string {
  return `fw-${basisInvoiceRequestId(gitClubAccountId, targetClubAccountId, basisGitId)}`;
}

/** The `requestId` of the accounting customer made for the payer with golf ID `payerGolfId`. */
export function payerCustomerRequestId(targetClubAccountId: string, payerGolfId: string): string {
  return stableUuid(`git-payer-customer:${targetClubAccountId}:${payerGolfId}`);
}
