import { FAMILY_ROLES, type FamilyRole, familyMemberBodySchema, type MemberDetail } from '@fairway/shared';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconTrash, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { HelpHint } from '../../../components/help-hint';
import { ApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/api-errors';
import { useFieldErrorText } from '../../../lib/form-errors';
import { notifyError } from '../../../lib/notify';
import { useFamilyMutations } from '../api/families';
import { useMembers } from '../api/list-members';
import { MEMBER_PATHS } from '../lib/paths';

/** A refused family call as one text in the reader's language. */
function refusalText(error: unknown, lang: 'sv' | 'en'): string {
  const description = error instanceof ApiError ? error.description : describeApiError(null, 0, lang);
  return description.kind === 'fields' ? description.fields.flatMap((f) => f.messages).join(' ') : description.message;
}

/** The family tree tab: the member's family with roles, add and remove members, or create a family. */
export function MemberFamily({ member, canWrite }: { member: MemberDetail; canWrite: boolean }) {
  const { t, i18n } = useTranslation('members');
  const lang = i18n.language === 'en' ? 'en' : 'sv';
  const errorText = useFieldErrorText();
  const { create, addMember, removeMember } = useFamilyMutations();
  const [name, setName] = useState(member.lastname);
  const [nameError, setNameError] = useState<string>();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [newMember, setNewMember] = useState<string | null>(null);
  const [role, setRole] = useState<FamilyRole | null>(null);
  const [addError, setAddError] = useState<string>();
  const candidates = useMembers({ search: debounced || undefined, pageSize: 20, inFamily: 'false' });
  const family = member.family;

  const roles = FAMILY_ROLES.map((value) => ({ value, label: t(`family.roles.${value}`) }));

  if (!family) {
    const createFamily = async (event: React.FormEvent) => {
      event.preventDefault();
      if (!name.trim()) {
        setNameError(errorText({ type: 'required', message: t('family.nameRequired') }));
        return;
      }
      setNameError(undefined);
      try {
        await create.mutateAsync({ name: name.trim(), members: [{ memberId: member.id, role: 'payer' }] });
      } catch (error) {
        setNameError(refusalText(error, lang));
      }
    };
    return (
      <EmptyState
        title={t('family.noneTitle')}
        order={3}
        icon={<IconUsersGroup size={30} stroke={1.6} />}
        action={
          canWrite ? (
            <form onSubmit={createFamily} aria-label={t('family.create')} noValidate>
              <Group align="flex-end" gap="sm">
                <TextInput
                  label={t('family.name')}
                  value={name}
                  onChange={(event) => setName(event.currentTarget.value)}
                  error={nameError}
                  maxLength={100}
                />
                <Button type="submit" loading={create.isPending}>
                  {t('family.create')}
                </Button>
              </Group>
            </form>
          ) : null
        }
      >
        {t('family.noneText')}
      </EmptyState>
    );
  }

  const add = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = familyMemberBodySchema.safeParse({ memberId: newMember ?? undefined, role: role ?? undefined });
    if (!parsed.success) {
      setAddError(errorText({ type: 'zod', message: parsed.error.issues[0]?.message }));
      return;
    }
    setAddError(undefined);
    try {
      await addMember.mutateAsync({ familyId: family.id, body: parsed.data });
      setNewMember(null);
      setRole(null);
      setSearch('');
    } catch (error) {
      setAddError(refusalText(error, lang));
    }
  };

  const remove = (memberId: string) =>
    removeMember.mutateAsync({ familyId: family.id, memberId }).catch((error) => notifyError(refusalText(error, lang)));

  return (
    <Stack gap="md">
      <Group gap={6} wrap="nowrap">
        <Title order={3} fz="lg">
          {t('family.title', { name: family.name })}
        </Title>
        <HelpHint helpKey="members.familyTree" topic={t('family.title', { name: family.name })} />
      </Group>
      <Table withTableBorder striped aria-label={t('family.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('list.columns.name')}</Table.Th>
            <Table.Th>{t('list.columns.golfId')}</Table.Th>
            <Table.Th>{t('list.columns.age')}</Table.Th>
            <Table.Th>{t('family.role')}</Table.Th>
            {canWrite ? (
              <Table.Th>
                <VisuallyHidden>{t('family.actions')}</VisuallyHidden>
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {family.members.map((m) => (
            <Table.Tr key={m.id}>
              <Table.Td>
                {m.id === member.id ? (
                  <Text fz="sm" fw={600}>
                    {m.firstname} {m.lastname}
                  </Text>
                ) : (
                  <Anchor component={Link} to={MEMBER_PATHS.detail(m.id, 'family')} fz="sm">
                    {m.firstname} {m.lastname}
                  </Anchor>
                )}
              </Table.Td>
              <Table.Td>{m.golfId ?? '–'}</Table.Td>
              <Table.Td>{m.age ?? '–'}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={m.role === 'payer' ? 'teal' : 'gray'} tt="none">
                  {t(`family.roles.${m.role}`)}
                </Badge>
              </Table.Td>
              {canWrite ? (
                <Table.Td ta="right">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('family.remove', { name: `${m.firstname} ${m.lastname}` })}
                    onClick={() => void remove(m.id)}
                  >
                    <IconTrash size={16} aria-hidden="true" />
                  </ActionIcon>
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {canWrite ? (
        <Paper withBorder radius="md" p="md">
          <form onSubmit={add} aria-label={t('family.add')} noValidate>
            <Stack gap="xs">
              <Group align="flex-end" gap="sm" wrap="wrap">
                <Select
                  label={t('family.member')}
                  placeholder={t('family.memberPlaceholder')}
                  searchable
                  searchValue={search}
                  onSearchChange={setSearch}
                  filter={({ options }) => options}
                  data={(candidates.data?.data ?? [])
                    .filter((c) => c.id !== member.id)
                    .map((c) => ({ value: c.id, label: `${c.firstname} ${c.lastname}${c.golfId ? ` (${c.golfId})` : ''}` }))}
                  value={newMember}
                  onChange={setNewMember}
                  nothingFoundMessage={t('family.noCandidates')}
                  w={{ base: '100%', xs: 280 }}
                  comboboxProps={{ withinPortal: true }}
                />
                <Select
                  label={t('family.role')}
                  data={roles}
                  value={role}
                  onChange={(value) => setRole(value as FamilyRole | null)}
                  w={{ base: '100%', xs: 160 }}
                  comboboxProps={{ withinPortal: true }}
                />
                <Button type="submit" loading={addMember.isPending}>
                  {t('family.add')}
                </Button>
              </Group>
              {addError ? (
                <Text c="red" fz="sm" role="alert">
                  {addError}
                </Text>
              ) : null}
            </Stack>
          </form>
        </Paper>
      ) : null}
    </Stack>
  );
}
