import { type MemberCategory, memberCategoryBodySchema, type PlayerCategory, playerCategoryBodySchema } from '@fairway/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Modal,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconCategory, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { ListError } from '../../../components/list/list-states';
import { useCurrentUser } from '../../../lib/current-user';
import { applyFormErrors, useFieldErrorText } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { type CategoryKind, useCategories, useCategoryMutations } from '../api/categories';

type Category = MemberCategory | PlayerCategory;
interface Values {
  name: string;
  code: string;
  description: string;
  junior?: boolean;
}
const FIELDS = ['name', 'code', 'description', 'junior'] as const;

function CategoryForm({ kind, category, onDone }: { kind: CategoryKind; category: Category | null; onDone: () => void }) {
  const { t } = useTranslation('members');
  const errorText = useFieldErrorText();
  const { save } = useCategoryMutations(kind);
  const [failure, setFailure] = useState<string | null>(null);
  const isMember = kind === 'membercategories';
  const schema = isMember ? memberCategoryBodySchema.omit({ defaultFeeRuleId: true }) : playerCategoryBodySchema;
  const form = useForm<Values, unknown, Record<string, unknown>>({
    resolver: zodResolver(schema as never) as unknown as Resolver<Values, unknown, Record<string, unknown>>,
    defaultValues: {
      name: category?.name ?? '',
      code: category?.code ?? '',
      description: category?.description ?? '',
      ...(isMember ? { junior: (category as MemberCategory | null)?.junior ?? false } : {}),
    },
  });
  const { register, handleSubmit, formState, setError, control } = form;
  const field = (name: 'name' | 'code' | 'description') => {
    const label = t(`categories.fields.${name}`);
    return { label, error: errorText(formState.errors[name], label) };
  };
  const submit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      // A member category keeps its default fee rule: it is not on this form.
      const full = isMember ? { ...body, defaultFeeRuleId: (category as MemberCategory | null)?.defaultFeeRuleId ?? null } : body;
      const saved = await save.mutateAsync({ id: category?.id, body: full as never });
      notifySuccess(t('categories.saved', { name: (saved as Category).name }));
      onDone();
    } catch (error) {
      setFailure(applyFormErrors(error, setError, [...FIELDS]).message);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={category ? t('categories.edit') : t('categories.new')}>
      <Stack gap="md">
        {failure ? (
          <Text c="red" fz="sm" role="alert">
            {failure}
          </Text>
        ) : null}
        <TextInput {...field('name')} {...register('name')} withAsterisk maxLength={100} data-autofocus />
        <TextInput {...field('code')} {...register('code')} maxLength={20} />
        <Textarea {...field('description')} {...register('description')} autosize minRows={2} maxLength={1000} />
        {isMember ? (
          <Controller
            control={control}
            name="junior"
            render={({ field: f }) => (
              <Switch
                label={t('categories.fields.junior')}
                description={t('categories.fields.juniorHint')}
                checked={Boolean(f.value)}
                onChange={(event) => f.onChange(event.currentTarget.checked)}
              />
            )}
          />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={formState.isSubmitting}>
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** One tab of the categories page: the categories with their member counts, and create, edit, delete in a modal. */
export function CategoriesList({ kind }: { kind: CategoryKind }) {
  const { t } = useTranslation('members');
  const user = useCurrentUser();
  const canWrite = user?.scopes.includes('members.write') ?? false;
  const query = useCategories(kind);
  const { remove } = useCategoryMutations(kind);
  const [editing, setEditing] = useState<Category | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);
  const rows = (query.data ?? []) as Category[];
  const isMember = kind === 'membercategories';

  const newButton = canWrite ? (
    <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={() => setEditing('new')}>
      {t(`categories.${kind}.new`)}
    </Button>
  ) : null;

  let body: React.ReactNode;
  if (query.isError) body = <ListError error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.isSuccess && rows.length === 0)
    body = (
      <EmptyState
        title={t(`categories.${kind}.emptyTitle`)}
        order={3}
        icon={<IconCategory size={30} stroke={1.6} />}
        action={newButton}
      >
        {t(`categories.${kind}.emptyText`)}
      </EmptyState>
    );
  else
    body = (
      <Table withTableBorder striped highlightOnHover aria-label={t(`categories.${kind}.title`)} aria-busy={query.isLoading}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('categories.fields.name')}</Table.Th>
            <Table.Th>{t('categories.fields.code')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('categories.fields.description')}</Table.Th>
            {isMember ? <Table.Th>{t('categories.fields.junior')}</Table.Th> : null}
            <Table.Th ta="right">{t('categories.members')}</Table.Th>
            {canWrite ? (
              <Table.Th>
                <VisuallyHidden>{t('family.actions')}</VisuallyHidden>
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td fw={600}>{c.name}</Table.Td>
              <Table.Td>{c.code ?? '–'}</Table.Td>
              <Table.Td visibleFrom="sm">{c.description ?? '–'}</Table.Td>
              {isMember ? (
                <Table.Td>
                  {(c as MemberCategory).junior ? (
                    <Badge variant="light" tt="none">
                      {t('categories.juniorYes')}
                    </Badge>
                  ) : (
                    '–'
                  )}
                </Table.Td>
              ) : null}
              <Table.Td ta="right">{c.memberCount}</Table.Td>
              {canWrite ? (
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('categories.editNamed', { name: c.name })}
                      onClick={() => setEditing(c)}
                    >
                      <IconPencil size={16} aria-hidden="true" />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('categories.deleteNamed', { name: c.name })}
                      onClick={() => setDeleting(c)}
                    >
                      <IconTrash size={16} aria-hidden="true" />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );

  return (
    <Stack gap="md">
      {newButton ? <Group justify="flex-end">{newButton}</Group> : null}
      {body}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t(`categories.${kind}.new`) : t('categories.edit')}
      >
        {editing !== null ? (
          <CategoryForm kind={kind} category={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        ) : null}
      </Modal>
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t('categories.deleteTitle')}>
        <Stack gap="md">
          <Text fz="sm">{t('categories.deleteText', { name: deleting?.name ?? '', count: deleting?.memberCount ?? 0 })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('form.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                deleting &&
                remove.mutateAsync(deleting.id).then(() => {
                  notifySuccess(t('categories.deleted', { name: deleting.name }));
                  setDeleting(null);
                })
              }
            >
              {t('categories.confirmDelete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
