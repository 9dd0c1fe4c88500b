import {
  DUPLICATE_FIELDS,
  type DuplicateField,
  type DuplicateResource,
  type FieldMapper,
  type FieldMappingInput,
  TRANSACTION_ID_FIELDS,
  type TransactionIdField,
} from '@fairway/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { INTEGRATIONS_PATH } from '../../../app/route-table';
import { FailureAlert } from '../../../components/failure-alert';
import { listErrorMessage } from '../../../components/list/list-states';
import { useCurrentUser } from '../../../lib/current-user';
import { formatCount } from '../../../lib/figures';
import { callFailure, type FormFailure } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useAvailableResources, useFieldMapper, useSaveFieldMapping, useTransactionIdFields } from '../api/duplicates';
import { figuresLang } from '../lib/lang';

/** One resource's mapping: the transaction-ID field and the fields compared; save or restore the default. */
function MappingForm({
  resource,
  entry,
  choices,
  canWrite,
}: {
  resource: DuplicateResource;
  entry: FieldMapper[DuplicateResource];
  choices: readonly TransactionIdField[];
  canWrite: boolean;
}) {
  const { t } = useTranslation('duplicates');
  const [idField, setIdField] = useState<TransactionIdField>(entry.mapping.transactionIdField);
  const [compared, setCompared] = useState<DuplicateField[]>(entry.mapping.compared);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const save = useSaveFieldMapping();
  // The server's answer (after a save or a restore) is what the form shows.
  useEffect(() => {
    setIdField(entry.mapping.transactionIdField);
    setCompared(entry.mapping.compared);
  }, [entry]);

  const send = async (mapping: FieldMappingInput | null) => {
    setFailure(null);
    try {
      await save.mutateAsync({ resource, mapping });
      notifySuccess(t(mapping ? 'mapper.saved' : 'mapper.restored', { resource: t(`resources.${resource}`) }));
    } catch (refusal) {
      setFailure(callFailure(refusal));
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (compared.length === 0) {
      setError(t('mapper.noneCompared'));
      return;
    }
    setError(null);
    // Kept in the order explanations list the fields.
    void send({ transactionIdField: idField, compared: DUPLICATE_FIELDS.filter((f) => compared.includes(f)) });
  };
  const titleId = `mapper-${resource}`;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId} data-testid={`mapper-${resource}`}>
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          <Group justify="space-between" gap="xs">
            <Title order={3} fz="h5" id={titleId}>
              {t(`resources.${resource}`)}
            </Title>
            <Badge variant="light" color={entry.isDefault ? 'gray' : 'blue'} tt="none">
              {entry.isDefault ? t('mapper.isDefault') : t('mapper.isCustom')}
            </Badge>
          </Group>
          <Select
            label={t('mapper.transactionId')}
            description={t('mapper.transactionIdHint')}
            data={choices.map((f) => ({ value: f, label: t(`fields.${f}`) }))}
            value={idField}
            onChange={(v) => v && setIdField(v as TransactionIdField)}
            allowDeselect={false}
            disabled={!canWrite}
          />
          <Checkbox.Group
            label={t('mapper.compared')}
            description={t('mapper.comparedHint')}
            value={compared}
            onChange={(v) => setCompared(v as DuplicateField[])}
            error={error}
          >
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={6} mt="xs">
              {DUPLICATE_FIELDS.map((f) => (
                <Checkbox key={f} value={f} label={t(`fields.${f}`)} disabled={!canWrite} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <FailureAlert failure={failure} />
          {canWrite ? (
            <Group justify="flex-end" gap="xs">
              <Button variant="default" disabled={entry.isDefault || save.isPending} onClick={() => void send(null)}>
                {t('mapper.restore')}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t('mapper.save')}
              </Button>
            </Group>
          ) : null}
        </Stack>
      </form>
    </Card>
  );
}

/** The settings tab: which resources the program offers, and per available one its field mapping. */
export function FieldMapperPanel() {
  const { t, i18n } = useTranslation('duplicates');
  const lang = figuresLang(i18n.language);
  const user = useCurrentUser();
  const canWrite = user?.scopes.includes('duplicates.write') ?? false;
  const mapper = useFieldMapper();
  const idFields = useTransactionIdFields();
  const available = useAvailableResources();
  const failed = mapper.error ?? available.error ?? idFields.error;
  if (failed && !(mapper.data && available.data)) {
    return (
      <Alert
        color="red"
        variant="light"
        role="alert"
        icon={<IconAlertTriangle size={18} aria-hidden="true" />}
        title={t('mapper.failed')}
      >
        {listErrorMessage(failed)}
      </Alert>
    );
  }
  if (!mapper.data || !available.data) {
    return (
      <Group gap="sm">
        <Loader size="sm" aria-hidden="true" />
        <Text fz="sm">{t('mapper.loading')}</Text>
      </Group>
    );
  }
  const offered = available.data.filter((r) => r.available && mapper.data[r.resource]);
  const refused = available.data.filter((r) => r.refused);
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="duplicates-offered">
        <Title order={2} fz="h4" id="duplicates-offered" mb={4}>
          {t('mapper.offeredTitle')}
        </Title>
        <Text fz="sm" c="dimmed" mb="sm">
          {t('mapper.offeredText')}
        </Text>
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {available.data.map((r) => (
            <Group key={r.resource} component="li" justify="space-between" gap="xs" data-testid={`offered-${r.resource}`}>
              <Text fz="sm">{t(`resources.${r.resource}`)}</Text>
              <Group gap="xs">
                {r.available ? (
                  <Text fz="sm" c="dimmed">
                    {t('mapper.documents', { count: r.documents, formatted: formatCount(r.documents, lang) })}
                  </Text>
                ) : null}
                <Badge variant="light" color={r.available ? 'teal' : r.refused ? 'orange' : 'gray'} tt="none">
                  {r.available ? t('mapper.available') : r.refused ? t('mapper.refused') : t('mapper.unavailable')}
                </Badge>
              </Group>
            </Group>
          ))}
        </Stack>
        {refused.length > 0 ? (
          <Alert
            mt="md"
            color="orange"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden="true" />}
            title={t('mapper.refusedTitle')}
          >
            <Text fz="sm">
              {t('mapper.refusedText', {
                resources: refused.map((r) => t(`resources.${r.resource}`).toLocaleLowerCase(lang)).join(', '),
              })}
            </Text>
            <Anchor component={Link} to={INTEGRATIONS_PATH} fz="sm" fw={500}>
              {t('mapper.reconnect')}
            </Anchor>
          </Alert>
        ) : null}
      </Card>
      <Title order={2} fz="h4">
        {t('mapper.title')}
      </Title>
      <Text fz="sm" c="dimmed" mt={-8}>
        {t('mapper.text')}
      </Text>
      {offered.length === 0 ? (
        <Text fz="sm">{t('mapper.noneOffered')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {offered.map(({ resource }) => (
            <MappingForm
              key={resource}
              resource={resource}
              entry={mapper.data[resource]}
              choices={idFields.data?.[resource]?.choices ?? TRANSACTION_ID_FIELDS}
              canWrite={canWrite}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
