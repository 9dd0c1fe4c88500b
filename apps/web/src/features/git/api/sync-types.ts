import type {
  GitArticleMapping,
  GitArticleMappingsBody,
  GitBasisSync,
  GitBasisSyncState,
  GitInvoiceBasisRow,
  GitMissingArticle,
  GitReportStatusBody,
  GitSyncBody,
  GitSyncPreflight,
  GitSyncSelectionBody,
} from '@fairway/shared';

/** The GIT ⇄ accounting sync's wire shapes (packages/shared git-sync and git-report schemas), named for the web. */
export { GIT_BASIS_SYNC_STATES as SYNC_STATES } from '@fairway/shared';
export type SyncState = GitBasisSyncState;
export type BasisSync = GitBasisSync;
/** A basis as the occasion page lists it: GIT's record with its sync state. */
export type GitBasisWithSync = GitInvoiceBasisRow;
export type SyncBody = GitSyncBody;
export type SyncSelection = GitSyncSelectionBody;
export type MissingArticle = GitMissingArticle;
export type SyncPreflight = GitSyncPreflight;
export type ArticleMapping = GitArticleMapping;
export type SaveArticleMappingsBody = GitArticleMappingsBody;
export type ArticleMappingChoice = GitArticleMappingsBody['mappings'][number];
export type ReportStatusBody = GitReportStatusBody;
