import { api } from '../../../lib/api-client';
import type { ArticleMapping, SaveArticleMappingsBody } from './sync-types';

/**
 * PUT git/article-mappings: maps GIT articles to existing accounting articles or creates them in
 * the accounting program; all or nothing. Silent: the dialog shows field errors beside the choice.
 */
export async function saveArticleMappings(body: SaveArticleMappingsBody): Promise<ArticleMapping[]> {
  return await api.put<ArticleMapping[]>('git/article-mappings', body, { silent: true });
}
