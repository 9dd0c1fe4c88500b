import type {
  CustomerSegmentListItem,
  EmailTemplate,
  EmailTemplateListItem,
  MemberCategory,
  MemberListRow,
  PlayerCategory,
  RecipientSelectionInput,
  RecipientStatus,
  RecipientsPreview,
  Sendout,
  SendoutBody,
  SendoutChannel,
  SendoutDetail,
  Subscription,
} from '@fairway/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiPage, api } from '../../../lib/api-client';

/**
 * Every call the send-out pages make (docs/member-care.md#send-outs): the lists, one send-out,
 * saving, the actions, the recipients preview, and what the form picks from (templates,
 * categories, segments, members, the SMS plan).
 */

export const sendoutsKey = ['member-care', 'sendouts'] as const;

export type SendoutsView = 'scheduled' | 'earlier';

const one = (id: string) => `member_care/sendouts/${encodeURIComponent(id)}`;

export interface SendoutsListParams {
  channel: SendoutChannel;
  view: SendoutsView;
  page: number;
  pageSize: number;
}

/** GET member_care/sendouts: one page of a channel's scheduled or earlier send-outs. */
export async function listSendouts(params: SendoutsListParams, signal?: AbortSignal): Promise<ApiPage<Sendout>> {
  return await api.list<Sendout>('member_care/sendouts', { query: { ...params }, signal });
}

export function useSendoutsList(params: SendoutsListParams) {
  return useQuery({
    queryKey: [...sendoutsKey, 'list', params],
    queryFn: ({ signal }) => listSendouts(params, signal),
    placeholderData: keepPreviousData,
    // A send-out under way moves on by itself: the list follows it while one is sending.
    refetchInterval: (query) => (query.state.data?.data.some((s) => s.status === 'sending') ? 2000 : false),
  });
}

export interface SendoutReadParams {
  page: number;
  pageSize: number;
  status?: RecipientStatus;
}

/** How often a send-out being sent is read again. */
export const SENDOUT_POLL_MS = 1000;

/** GET member_care/sendouts/{id}. Silent: the page says itself that the send-out is not there. */
export async function getSendout(id: string, params: SendoutReadParams, signal?: AbortSignal): Promise<SendoutDetail> {
  return await api.get<SendoutDetail>(one(id), { query: { ...params }, silent: true, signal });
}

/** One send-out with a page of its recipients, read again every second while it is being sent. */
export function useSendout(id: string | null, params: SendoutReadParams) {
  return useQuery({
    queryKey: [...sendoutsKey, 'one', id, params],
    queryFn: ({ signal }) => getSendout(id as string, params, signal),
    enabled: id !== null,
    retry: false,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.status === 'sending' ? SENDOUT_POLL_MS : false),
  });
}

/** POST member_care/sendouts or PUT member_care/sendouts/{id}. Silent: the form puts refusals on its fields. */
export function useSaveSendout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id?: string; body: SendoutBody }) =>
      id === undefined
        ? await api.post<Sendout>('member_care/sendouts', body, { silent: true })
        : await api.put<Sendout>(one(id), body, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sendoutsKey }),
  });
}

export type SendoutAction =
  | { kind: 'send' }
  | { kind: 'cancel' }
  | { kind: 'delete' }
  | { kind: 'schedule'; sendAt: string }
  | { kind: 'test'; to: string };

/** The actions on a send-out. Silent: each dialog shows its own refusal (the SMS plan's 406 among them). */
export async function runSendoutAction(id: string, action: SendoutAction): Promise<unknown> {
  switch (action.kind) {
    case 'delete':
      return await api.delete(one(id), { silent: true });
    case 'schedule':
      return await api.post<Sendout>(`${one(id)}/schedule`, { sendAt: action.sendAt }, { silent: true });
    case 'test':
      return await api.post<{ to: string }>(`${one(id)}/test`, { to: action.to }, { silent: true });
    default:
      return await api.post<Sendout>(`${one(id)}/${action.kind}`, undefined, { silent: true });
  }
}

export function useSendoutAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: SendoutAction) => runSendoutAction(id, action),
    onSuccess: async (_data, action) => {
      if (action.kind === 'delete') queryClient.removeQueries({ queryKey: [...sendoutsKey, 'one', id] });
      await queryClient.invalidateQueries({ queryKey: sendoutsKey });
      // An SMS send-out or test uses the month's SMS plan.
      await queryClient.invalidateQueries({ queryKey: subscriptionKey });
    },
  });
}

/** POST member_care/recipients/preview: who a selection reaches on a channel, and who is left out and why. */
export async function previewRecipients(
  channel: SendoutChannel,
  selection: RecipientSelectionInput,
  signal?: AbortSignal,
): Promise<RecipientsPreview> {
  return await api.post<RecipientsPreview>('member_care/recipients/preview', { channel, selection }, { silent: true, signal });
}

export function useRecipientsPreview(channel: SendoutChannel, selection: RecipientSelectionInput | null) {
  return useQuery({
    queryKey: [...sendoutsKey, 'preview', channel, selection],
    queryFn: ({ signal }) => previewRecipients(channel, selection as RecipientSelectionInput, signal),
    enabled: selection !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

// ---- what the form picks from ----------------------------------------------------------------

export interface PickOption {
  value: string;
  label: string;
}

/** GET member_care/templates: the club account's e-mail templates matching `term`, newest first. */
export function useTemplateOptions(term: string, enabled = true) {
  return useQuery({
    queryKey: ['member-care', 'templates', 'options', term],
    queryFn: async ({ signal }) =>
      (
        await api.list<EmailTemplateListItem>('member_care/templates', {
          query: { search: term || undefined, pageSize: 50 },
          signal,
        })
      ).data.map((t): PickOption => ({ value: t.id, label: t.title })),
    enabled,
    staleTime: 30_000,
  });
}

/** GET member_care/templates/{id}: the chosen template's title, shown before any search. */
export function useTemplateTitle(id: string | null) {
  return useQuery({
    queryKey: ['member-care', 'templates', 'title', id],
    queryFn: async ({ signal }) =>
      (await api.get<EmailTemplate>(`member_care/templates/${encodeURIComponent(id as string)}`, { silent: true, signal })).title,
    enabled: id !== null,
    retry: false,
    staleTime: 60_000,
  });
}

/** GET membercategories and playercategories: every category, for the selection. */
export function useCategoryOptions(kind: 'membercategories' | 'playercategories') {
  return useQuery({
    queryKey: ['member-care', 'options', kind],
    queryFn: async ({ signal }) =>
      (await api.get<(MemberCategory | PlayerCategory)[]>(kind, { signal })).map(
        (c): PickOption => ({ value: c.id, label: c.name }),
      ),
    staleTime: 60_000,
  });
}

/** GET segments/customers: the club account's customer segments (the first 100 by name). */
export function useSegmentOptions() {
  return useQuery({
    queryKey: ['member-care', 'options', 'segments'],
    queryFn: async ({ signal }) =>
      (
        await api.list<CustomerSegmentListItem>('segments/customers', {
          query: { pageSize: 100, sort: 'name', order: 'asc' },
          signal,
        })
      ).data.map((s): PickOption => ({ value: s.id, label: s.name })),
    staleTime: 60_000,
  });
}

const memberLabel = (m: Pick<MemberListRow, 'firstname' | 'lastname' | 'memberNumber' | 'golfId'>) => {
  const name = `${m.firstname} ${m.lastname}`.trim();
  const id = m.golfId ?? m.memberNumber;
  return id ? `${name} (${id})` : name;
};

/** GET members?search=: the members matching what is typed, for picking one by one. */
export function useMemberSearch(term: string, enabled: boolean) {
  return useQuery({
    queryKey: ['member-care', 'options', 'members', term],
    queryFn: async ({ signal }) =>
      (await api.list<MemberListRow>('members', { query: { search: term || undefined, pageSize: 25 }, signal })).data.map(
        (m): PickOption => ({ value: m.id, label: memberLabel(m) }),
      ),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/** At most this many picked members are looked up by id to show their names (a saved send-out's): a page of GET members. */
export const PICKED_NAMES_LOOKED_UP = 100;

/**
 * GET members?ids=: the names of picked members the form does not know yet, in one call (the
 * first `PICKED_NAMES_LOOKED_UP` of them), as id → label.
 */
export function usePickedMemberNames(ids: readonly string[]) {
  const wanted = [...ids.slice(0, PICKED_NAMES_LOOKED_UP)].sort();
  return useQuery({
    queryKey: ['member-care', 'options', 'members-by-id', wanted],
    queryFn: async ({ signal }) => {
      const found = await api.list<MemberListRow>('members', {
        query: { ids: wanted.join(','), pageSize: PICKED_NAMES_LOOKED_UP },
        silent: true,
        signal,
      });
      return Object.fromEntries(found.data.map((m) => [m.id, memberLabel(m)])) as Record<string, string>;
    },
    enabled: wanted.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 60_000,
  });
}

const subscriptionKey = ['subscriptions'] as const;

/** GET subscriptions: the SMS plan and what it has used this month (an SMS send-out's confirmation says what is left). */
export function useSmsPlanLeft(enabled: boolean) {
  return useQuery({
    queryKey: subscriptionKey,
    queryFn: async ({ signal }) => await api.get<Subscription>('subscriptions', { signal }),
    enabled,
    staleTime: 15_000,
    select: (s) =>
      s.smsPlan ? { perMonth: s.smsPlan.smsPerMonth, left: Math.max(0, s.smsPlan.smsPerMonth - s.usage.smsThisMonth) } : null,
  });
}
