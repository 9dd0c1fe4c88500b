import type { MemberListRow } from '@fairway/shared';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerSearchSelect, type ServerSearchSelectProps } from '../../../components/server-search-select';
import { useMemberSearch } from '../api/search-members';

/** "Eva Ek (1042)": the name, and the member number that tells two Eva Ek apart. */
export const memberLabel = (m: Pick<MemberListRow, 'firstname' | 'lastname' | 'memberNumber'>) =>
  `${m.firstname} ${m.lastname}${m.memberNumber ? ` (${m.memberNumber})` : ''}`;

export interface MemberPickerProps extends Omit<ServerSearchSelectProps, 'initial' | 'useSearch' | 'messages'> {
  ref?: Ref<HTMLInputElement>;
  /** The member chosen before any search (e.g. arriving from the member's page). */
  initial?: { id: string; label: string } | null;
}

function useMemberOptions(term: string, enabled: boolean) {
  const query = useMemberSearch(term, enabled);
  return { ...query, data: query.data?.map((m) => ({ value: m.id, label: memberLabel(m) })) };
}

/**
 * Picks the member a ticket is about by typing part of a name, golf ID or member number: the
 * member list's own search, at most 20 answers.
 */
export function MemberPicker({ initial, ...props }: MemberPickerProps) {
  const { t } = useTranslation('support');
  return (
    <ServerSearchSelect
      {...props}
      initial={initial ? { value: initial.id, label: initial.label } : null}
      useSearch={useMemberOptions}
      messages={{
        noMatches: t('ticket.member.noMatches'),
        searching: t('ticket.member.searching'),
        searchFailed: t('ticket.member.searchFailed'),
      }}
    />
  );
}
