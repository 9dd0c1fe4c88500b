import type { MemberListRow, MemberRef } from '@fairway/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerSearchSelect, type ServerSearchSelectProps } from '../../../components/server-search-select';
import { listMembers } from '../api/list-members';
import { membersKey } from '../api/members-key';

/** How many members one search offers. */
const GUARDIAN_OPTIONS = 20;

type Person = Pick<MemberListRow | MemberRef, 'firstname' | 'lastname' | 'golfId'>;

/** "Anna Ek (850312-001)": the name, and the golf ID that tells two Anna Ek apart. */
export const guardianLabel = (m: Person) => `${m.firstname} ${m.lastname}${m.golfId ? ` (${m.golfId})` : ''}`;

export interface GuardianPickerProps extends Omit<ServerSearchSelectProps, 'initial' | 'useSearch' | 'messages'> {
  ref?: Ref<HTMLInputElement>;
  /** The guardian as stored, shown before any search. */
  initial?: MemberRef | null;
  /** The member being edited: never offered as their own guardian. */
  selfId?: string;
}

/**
 * Picks the member who pays for this one (a junior's guardian) by typing part of a name or a golf
 * ID: the member list's own search (GET members?search=), at most 20 answers, by name.
 */
export function GuardianPicker({ initial, selfId, ...props }: GuardianPickerProps) {
  const { t } = useTranslation('members');
  const useGuardianOptions = (term: string, enabled: boolean) => {
    const query = useQuery({
      queryKey: [...membersKey, 'guardian-search', term],
      queryFn: ({ signal }) =>
        listMembers({ search: term || undefined, pageSize: GUARDIAN_OPTIONS, sort: 'name', order: 'asc' }, signal),
      enabled,
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    });
    const data = query.data?.data.filter((m) => m.id !== selfId).map((m) => ({ value: m.id, label: guardianLabel(m) }));
    return { ...query, data };
  };
  return (
    <ServerSearchSelect
      {...props}
      initial={initial ? { value: initial.id, label: guardianLabel(initial) } : null}
      useSearch={useGuardianOptions}
      messages={{
        noMatches: t('fields.guardianId.noMatches'),
        searching: t('fields.guardianId.searching'),
        searchFailed: t('fields.guardianId.searchFailed'),
      }}
    />
  );
}
