import {
  RECIPIENT_EXCLUSIONS,
  RECIPIENT_PICKED_MAX,
  type RecipientSelectionInput,
  recipientSelectionSchema,
  type SendoutChannel,
} from '@fairway/shared';
import {
  Alert,
  Badge,
  Button,
  Fieldset,
  Group,
  Loader,
  MultiSelect,
  NumberInput,
  Paper,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconUsers } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listErrorMessage } from '../../../components/list/list-states';
import {
  type PickOption,
  useCategoryOptions,
  useMemberSearch,
  usePickedMemberNames,
  useRecipientsPreview,
  useSegmentOptions,
} from '../api/sendouts';

/** The selection as the form holds it: every part optional, lists possibly empty. */
export type SelectionValue = RecipientSelectionInput;

/** The selection as the API takes it: empty lists and unset parts left out. */
export function cleanSelection(value: SelectionValue): SelectionValue {
  const out: SelectionValue = { juniorsReachPayer: value.juniorsReachPayer ?? false };
  if (value.memberCategoryIds?.length) out.memberCategoryIds = value.memberCategoryIds;
  if (value.playerCategoryIds?.length) out.playerCategoryIds = value.playerCategoryIds;
  if (value.status) out.status = value.status;
  if (value.familyRole) out.familyRole = value.familyRole;
  if (typeof value.ageFrom === 'number') out.ageFrom = value.ageFrom;
  if (typeof value.ageTo === 'number') out.ageTo = value.ageTo;
  if (value.openBalance) out.openBalance = true;
  if (value.segmentId) out.segmentId = value.segmentId;
  if (value.memberIds?.length) out.memberIds = value.memberIds;
  return out;
}

/** Field errors of the selection's parts, by part. */
export type SelectionErrors = Partial<Record<keyof SelectionValue, string | undefined>>;

function MemberPicker({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('sendouts');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [open, setOpen] = useState(false);
  const found = useMemberSearch(debounced, open && !disabled);
  const [known, setKnown] = useState<Record<string, string>>({});
  const unknown = value.filter((id) => known[id] === undefined);
  const looked = usePickedMemberNames(unknown);
  const labels: Record<string, string> = { ...looked.data, ...known };
  const options: PickOption[] = [...(found.data ?? [])];
  for (const id of value) {
    if (!options.some((o) => o.value === id)) options.push({ value: id, label: labels[id] ?? t('form.selection.memberUnknown') });
  }
  let nothingFound = t('form.selection.noMembers');
  if (found.isFetching) nothingFound = t('form.selection.searching');
  else if (found.isError) nothingFound = t('form.selection.searchFailed');
  return (
    <MultiSelect
      label={t('form.selection.memberIds')}
      description={t('form.selection.memberIdsHelp')}
      placeholder={value.length === 0 ? t('form.selection.memberIdsPlaceholder') : undefined}
      data={options}
      value={value}
      onChange={(next) => {
        const add: Record<string, string> = {};
        for (const id of next) {
          const option = options.find((o) => o.value === id);
          if (option && known[id] === undefined) add[id] = option.label;
        }
        if (Object.keys(add).length > 0) setKnown((previous) => ({ ...previous, ...add }));
        onChange(next);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpen(true)}
      filter={({ options: all }) => all}
      nothingFoundMessage={nothingFound}
      maxValues={RECIPIENT_PICKED_MAX}
      clearable
      hidePickedOptions={false}
      error={error}
      disabled={disabled}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

export interface RecipientSelectionFieldsProps {
  value: SelectionValue;
  onChange: (next: SelectionValue) => void;
  errors: SelectionErrors;
  disabled?: boolean;
}

/**
 * Who the send-out goes to (docs/member-care.md#recipients): categories, status, family role,
 * age, open balance, a customer segment and members picked one by one; every part given must
 * hold. The switch sends a junior without an own address to the guardian or the family's payer.
 */
export function RecipientSelectionFields({ value, onChange, errors, disabled }: RecipientSelectionFieldsProps) {
  const { t } = useTranslation('sendouts');
  const memberCategories = useCategoryOptions('membercategories');
  const playerCategories = useCategoryOptions('playercategories');
  const segments = useSegmentOptions();
  const set = (patch: Partial<SelectionValue>) => onChange({ ...value, ...patch });
  const age = (v: string | number) => (typeof v === 'number' ? v : undefined);
  return (
    <Fieldset legend={t('form.selection.legend')} variant="filled" radius="md" disabled={disabled}>
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          {t('form.selection.help')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <MultiSelect
            label={t('form.selection.memberCategoryIds')}
            placeholder={value.memberCategoryIds?.length ? undefined : t('form.selection.any')}
            data={memberCategories.data ?? []}
            value={value.memberCategoryIds ?? []}
            onChange={(ids) => set({ memberCategoryIds: ids })}
            searchable
            clearable
            error={errors.memberCategoryIds}
            comboboxProps={{ withinPortal: true }}
          />
          <MultiSelect
            label={t('form.selection.playerCategoryIds')}
            placeholder={value.playerCategoryIds?.length ? undefined : t('form.selection.any')}
            data={playerCategories.data ?? []}
            value={value.playerCategoryIds ?? []}
            onChange={(ids) => set({ playerCategoryIds: ids })}
            searchable
            clearable
            error={errors.playerCategoryIds}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label={t('form.selection.status')}
            data={[
              { value: 'active', label: t('form.selection.statuses.active') },
              { value: 'inactive', label: t('form.selection.statuses.inactive') },
            ]}
            placeholder={t('form.selection.statusAny')}
            value={value.status ?? null}
            onChange={(v) => set({ status: (v as SelectionValue['status']) ?? undefined })}
            clearable
            error={errors.status}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label={t('form.selection.familyRole')}
            data={[
              { value: 'payer', label: t('form.selection.familyRoles.payer') },
              { value: 'guardian', label: t('form.selection.familyRoles.guardian') },
            ]}
            placeholder={t('form.selection.any')}
            value={value.familyRole ?? null}
            onChange={(v) => set({ familyRole: (v as SelectionValue['familyRole']) ?? undefined })}
            clearable
            error={errors.familyRole}
            comboboxProps={{ withinPortal: true }}
          />
          <Group gap="sm" grow align="flex-start">
            <NumberInput
              label={t('form.selection.ageFrom')}
              min={0}
              max={130}
              allowDecimal={false}
              allowNegative={false}
              value={value.ageFrom ?? ''}
              onChange={(v) => set({ ageFrom: age(v) })}
              error={errors.ageFrom}
            />
            <NumberInput
              label={t('form.selection.ageTo')}
              min={0}
              max={130}
              allowDecimal={false}
              allowNegative={false}
              value={value.ageTo ?? ''}
              onChange={(v) => set({ ageTo: age(v) })}
              error={errors.ageTo}
            />
          </Group>
          <Select
            label={t('form.selection.segmentId')}
            data={segments.data ?? []}
            placeholder={t('form.selection.segmentNone')}
            value={value.segmentId ?? null}
            onChange={(v) => set({ segmentId: v ?? undefined })}
            clearable
            searchable
            error={errors.segmentId}
            nothingFoundMessage={t('form.selection.noSegments')}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        <MemberPicker
          value={value.memberIds ?? []}
          onChange={(ids) => set({ memberIds: ids })}
          error={errors.memberIds}
          disabled={disabled}
        />
        <Switch
          label={t('form.selection.openBalance')}
          checked={value.openBalance ?? false}
          onChange={(event) => set({ openBalance: event.currentTarget.checked })}
        />
        <Switch
          label={t('form.selection.juniorsReachPayer')}
          description={t('form.selection.juniorsReachPayerHelp')}
          checked={value.juniorsReachPayer ?? false}
          onChange={(event) => set({ juniorsReachPayer: event.currentTarget.checked })}
        />
      </Stack>
    </Fieldset>
  );
}

/**
 * Who the selection reaches right now (POST member_care/recipients/preview, asked again a moment
 * after each change): the count, those reached through a payer, and every member left out with
 * the reason, so nobody is dropped unseen.
 */
export function RecipientsPreviewPanel({ channel, selection }: { channel: SendoutChannel; selection: SelectionValue }) {
  const { t } = useTranslation('sendouts');
  const cleaned = useMemo(() => cleanSelection(selection), [selection]);
  const [debounced] = useDebouncedValue(cleaned, 400);
  const valid = recipientSelectionSchema.safeParse(debounced).success;
  const preview = useRecipientsPreview(channel, valid ? debounced : null);
  const [showAll, setShowAll] = useState(false);
  const data = preview.data;
  const listed = data ? (showAll ? data.excluded : data.excluded.slice(0, 20)) : [];
  return (
    <Paper withBorder radius="md" p="md" aria-labelledby="recipients-preview-title" component="section">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} fz="md" id="recipients-preview-title">
            {t('preview.title')}
          </Title>
          {preview.isFetching ? <Loader size="xs" role="status" aria-label={t('preview.loading')} /> : null}
        </Group>
        {!valid ? (
          <Text fz="sm" c="dimmed">
            {t('preview.invalid')}
          </Text>
        ) : preview.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
            <Text fz="sm">{listErrorMessage(preview.error) ?? t('preview.failed')}</Text>
            <Button size="xs" variant="light" color="red" mt="xs" onClick={() => void preview.refetch()}>
              {t('preview.retry')}
            </Button>
          </Alert>
        ) : !data ? (
          <Text fz="sm" c="dimmed">
            {t('preview.loading')}
          </Text>
        ) : (
          <>
            <Group gap="xs" aria-live="polite" data-testid="recipients-count">
              <IconUsers size={20} aria-hidden="true" />
              <Text fw={700} fz="lg">
                {t(`preview.count.${channel}`, { count: data.count })}
              </Text>
            </Group>
            {data.viaPayer > 0 ? (
              <Text fz="sm" c="dimmed">
                {t('preview.viaPayer', { count: data.viaPayer })}
              </Text>
            ) : null}
            {data.excludedCount > 0 ? (
              <Stack gap="xs" data-testid="recipients-excluded">
                <Text fz="sm" fw={600}>
                  {t('preview.excluded', { count: data.excludedCount })}
                </Text>
                <Group gap={6}>
                  {RECIPIENT_EXCLUSIONS.filter((r) => (data.excludedByReason[r] ?? 0) > 0).map((r) => (
                    <Badge key={r} color="orange" variant="light" tt="none">
                      {t(`preview.reasons.${r}`)}: {data.excludedByReason[r]}
                    </Badge>
                  ))}
                </Group>
                <ScrollArea.Autosize mah={260} type="auto">
                  <Table fz="sm" verticalSpacing={4}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('preview.columns.name')}</Table.Th>
                        <Table.Th>{t('preview.columns.reason')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {listed.map((m) => (
                        <Table.Tr key={m.memberId}>
                          <Table.Td>{m.name}</Table.Td>
                          <Table.Td>{t(`preview.reasons.${m.reason}`)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollArea.Autosize>
                {data.excluded.length > listed.length ? (
                  <Button variant="subtle" size="xs" onClick={() => setShowAll(true)} style={{ alignSelf: 'flex-start' }}>
                    {t('preview.showAll', { count: data.excluded.length })}
                  </Button>
                ) : null}
                {data.excludedCount > data.excluded.length ? (
                  <Text fz="xs" c="dimmed">
                    {t('preview.moreNotListed', { count: data.excludedCount - data.excluded.length })}
                  </Text>
                ) : null}
              </Stack>
            ) : (
              <Text fz="sm" c="dimmed">
                {t('preview.noneExcluded')}
              </Text>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
