import type {
  EmailTemplate,
  EmailTemplateBodyInput,
  EmailTemplateListItem,
  EmailTemplatePreview,
  EmailTemplatePreviewBodyInput,
  EmailTemplateSort,
  Lang,
  NewsletterImage,
  ReadyTemplate,
  ReadyTemplateKey,
} from '@fairway/shared';
import { NEWSLETTER_IMAGE_FIELD } from '@fairway/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiPage, api } from '../../../lib/api-client';

/**
 * The e-mail templates' calls (docs/member-care.md#templates) and their query hooks. The
 * send-out pages pick a template with useTemplates, so the list hook is kept small and general.
 */

const COLLECTION = 'member_care/templates';
const one = (id: string) => `${COLLECTION}/${encodeURIComponent(id)}`;

/** Every cached template list, template and ready template; invalidate after any change. */
export const templatesKey = ['member-care', 'templates'] as const;

/** What a templates list asks the server for: page, search and sorting. */
export interface TemplatesListParams {
  page: number;
  pageSize: number;
  search: string;
  sort: EmailTemplateSort;
  order: 'asc' | 'desc';
}

export const DEFAULT_TEMPLATES_PARAMS: TemplatesListParams = {
  page: 1,
  pageSize: 25,
  search: '',
  sort: 'updatedAt',
  order: 'desc',
};

/** GET member_care/templates: one page, searched (title and subject) and sorted by the server. */
export async function listTemplates(params: Partial<TemplatesListParams> = {}): Promise<ApiPage<EmailTemplateListItem>> {
  const p = { ...DEFAULT_TEMPLATES_PARAMS, ...params };
  const search = p.search.trim();
  return await api.list<EmailTemplateListItem>(COLLECTION, {
    query: { page: p.page, pageSize: p.pageSize, sort: p.sort, order: p.order, search: search || undefined },
  });
}

/** GET member_care/templates/{id}. Silent: the edit page shows an unknown id itself. */
export async function getTemplate(id: string): Promise<EmailTemplate> {
  return await api.get<EmailTemplate>(one(id), { silent: true });
}

/** POST member_care/templates, or PUT …/{id} with the whole template. Silent: the editor shows field errors. */
export async function saveTemplate(body: EmailTemplateBodyInput, id?: string): Promise<EmailTemplate> {
  return id === undefined
    ? await api.post<EmailTemplate>(COLLECTION, body, { silent: true })
    : await api.put<EmailTemplate>(one(id), body, { silent: true });
}

/** DELETE member_care/templates/{id}. */
export async function deleteTemplate(id: string): Promise<void> {
  await api.delete<{ id: string }>(one(id));
}

/** POST member_care/templates/{id}/duplicate: a copy titled "… (kopia)" / "… (copy)". */
export async function duplicateTemplate(id: string): Promise<EmailTemplate> {
  return await api.post<EmailTemplate>(`${one(id)}/duplicate`);
}

/** GET member_care/templates/ready: the shipped templates, rendered. */
export async function listReadyTemplates(lang?: Lang): Promise<ReadyTemplate[]> {
  return await api.get<ReadyTemplate[]>(`${COLLECTION}/ready`, { query: { lang } });
}

/** POST member_care/templates/ready/{key}/copy: the club's own copy of a ready template. */
export async function copyReadyTemplate(key: ReadyTemplateKey): Promise<EmailTemplate> {
  return await api.post<EmailTemplate>(`${COLLECTION}/ready/${encodeURIComponent(key)}/copy`);
}

/** POST member_care/templates/preview: renders without saving. Silent: the editor shows field errors. */
export async function previewTemplate(body: EmailTemplatePreviewBodyInput, signal?: AbortSignal): Promise<EmailTemplatePreview> {
  return await api.post<EmailTemplatePreview>(`${COLLECTION}/preview`, body, { silent: true, signal });
}

/** POST member_care/newsletter/images. Silent: the editor shows the type or size error at the image. */
export async function uploadNewsletterImage(file: File): Promise<NewsletterImage> {
  const form = new FormData();
  form.append(NEWSLETTER_IMAGE_FIELD, file);
  return await api.upload<NewsletterImage>('member_care/newsletter/images', form, { silent: true });
}

/** A page of the club account's templates (search, sort, pages); keeps the last page while the next loads. */
export function useTemplates(params: Partial<TemplatesListParams> = {}, options: { enabled?: boolean } = {}) {
  const p = { ...DEFAULT_TEMPLATES_PARAMS, ...params };
  return useQuery({
    queryKey: [...templatesKey, 'list', p],
    queryFn: () => listTemplates(p),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

export function useTemplate(id: string | undefined) {
  return useQuery({
    queryKey: [...templatesKey, 'one', id],
    queryFn: () => getTemplate(id as string),
    enabled: id !== undefined,
    retry: false,
  });
}

export function useReadyTemplates(lang?: Lang) {
  return useQuery({
    queryKey: [...templatesKey, 'ready', lang ?? 'all'],
    queryFn: () => listReadyTemplates(lang),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: EmailTemplateBodyInput }) => saveTemplate(body, id),
    onSuccess: async (saved) => {
      queryClient.setQueryData([...templatesKey, 'one', saved.id], saved);
      await queryClient.invalidateQueries({ queryKey: [...templatesKey, 'list'] });
    },
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteTemplate(id),
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: [...templatesKey, 'one', id] });
      await queryClient.invalidateQueries({ queryKey: [...templatesKey, 'list'] });
    },
  });
}

export function useDuplicateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => duplicateTemplate(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...templatesKey, 'list'] }),
  });
}

export function useCopyReadyTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: ReadyTemplateKey) => copyReadyTemplate(key),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...templatesKey, 'list'] }),
  });
}
