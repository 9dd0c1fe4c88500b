import type {
  GitImportCommitBody,
  GitImportCommitResult,
  GitImportPreview,
  GitImportPreviewBody,
  GitImportUpload,
} from '@fairway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { gitKey } from './git-key';

/**
 * Importing GIT's Excel export of an invoice batch: POST git/imports (multipart field `file`),
 * git/imports/{id}/preview and git/imports/{id}/commit. Silent: the wizard shows each refusal
 * in place (the step's alert or the field).
 */
export async function uploadGitImport(file: File): Promise<GitImportUpload> {
  const form = new FormData();
  form.append('file', file);
  return await api.upload<GitImportUpload>('git/imports', form, { silent: true });
}

export async function previewGitImport(id: string, body: GitImportPreviewBody): Promise<GitImportPreview> {
  return await api.post<GitImportPreview>(`git/imports/${encodeURIComponent(id)}/preview`, body, { silent: true });
}

export async function commitGitImport(id: string, body: GitImportCommitBody): Promise<GitImportCommitResult> {
  return await api.post<GitImportCommitResult>(`git/imports/${encodeURIComponent(id)}/commit`, body, { silent: true });
}

export const useUploadGitImport = () => useMutation({ mutationFn: uploadGitImport });

export const usePreviewGitImport = () =>
  useMutation({ mutationFn: ({ id, body }: { id: string; body: GitImportPreviewBody }) => previewGitImport(id, body) });

export function useCommitGitImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: GitImportCommitBody }) => commitGitImport(id, body),
    // A new occasion, bases, members, articles and a log row: every GIT list may change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gitKey }),
  });
}
