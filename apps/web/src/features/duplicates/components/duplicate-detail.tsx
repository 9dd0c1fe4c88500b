import type { DuplicateDetails, DuplicateDocumentView, DuplicateField, DuplicateMember } from '@fairway/shared';
import { Badge, Button, Card, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconArrowBackUp, IconChecks, IconCopyOff, IconTool } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NotSet } from '../../../components/list/document-table';
import { useCurrentUser } from '../../../lib/current-user';
import { formatDate } from '../../../lib/dates';
import { formatOre } from '../../../lib/money';
import { figuresLang } from '../lib/lang';
import { GroupStatusBadge } from './duplicates-table';
import { confidencePercent, FieldOutcomeBadge } from './field-outcome';
import type { useGroupActions } from './group-actions';
import { useProgramName } from './program-name';

/** The fields shown side by side, in the order explanations list them. */
const SHOWN: readonly DuplicateField[] = [
  'counterparty',
  'reference',
  'ocr',
  'bankAccount',
  'amount',
  'currency',
  'date',
  'dueDate',
  'text',
  'rows',
];

/** A document's value of a field as a reviewer reads it. */
function FieldValue({ document, field }: { document: DuplicateDocumentView; field: DuplicateField }) {
  const { t, i18n } = useTranslation('duplicates');
  const lang = figuresLang(i18n.language);
  const none = <NotSet>—</NotSet>;
  const text = (value: string | null) => (value ? <Text fz="sm">{value}</Text> : none);
  switch (field) {
    case 'counterparty':
      if (!document.counterpartyName && !document.counterpartyNumber) return none;
      return (
        <Text fz="sm">
          {document.counterpartyName ?? ''}
          {document.counterpartyNumber ? (
            <Text span c="dimmed" fz="sm">
              {' '}
              ({document.counterpartyNumber})
            </Text>
          ) : null}
        </Text>
      );
    case 'amount':
      return (
        <Stack gap={0}>
          <Text fz="sm" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
            {formatOre(document.amountOre, lang)}
          </Text>
          {document.vatOre !== null ? (
            <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {t('detail.vat', { amount: formatOre(document.vatOre, lang) })}
            </Text>
          ) : null}
        </Stack>
      );
    case 'date':
      return text(formatDate(document.date, lang));
    case 'dueDate':
      return text(document.dueDate ? formatDate(document.dueDate, lang) : null);
    case 'rows':
      return (
        <Text fz="sm" c="dimmed">
          {t('detail.rowsValue')}
        </Text>
      );
    default:
      return text(document[field]);
  }
}

/** A document's heading in its column: its number, and whether it is booked or cancelled. */
function DocumentHead({ title, document, extra }: { title: string; document: DuplicateDocumentView; extra?: ReactNode }) {
  const { t } = useTranslation('duplicates');
  return (
    <Stack gap={4} align="flex-start">
      <Text fz="sm" fw={700}>
        {title}
      </Text>
      <Group gap={4}>
        {document.booked ? (
          <Badge size="sm" variant="outline" color="gray" tt="none">
            {t('detail.booked')}
          </Badge>
        ) : null}
        {document.cancelled ? (
          <Badge size="sm" variant="outline" color="gray" tt="none">
            {t('detail.cancelled')}
          </Badge>
        ) : null}
      </Group>
      {extra}
    </Stack>
  );
}

const STATE_COLORS: Record<DuplicateMember['state'], string> = {
  open: 'orange',
  not_duplicate: 'gray',
  handled: 'teal',
  handling: 'blue',
};

/**
 * A group on one screen: its state and actions, then the original and its duplicates side by
 * side, each field of a duplicate marked matched / nearly / differed / not compared in words
 * and an icon, and per duplicate "not a duplicate" and "handle in the program".
 */
export function DuplicateDetailView({
  details,
  actions,
}: {
  details: DuplicateDetails;
  actions: ReturnType<typeof useGroupActions>;
}) {
  const { t, i18n } = useTranslation('duplicates');
  const lang = figuresLang(i18n.language);
  const program = useProgramName();
  const user = useCurrentUser();
  const canWrite = user?.scopes.includes('duplicates.write') ?? false;
  const { group, duplicates } = details;
  const documentName = (number: string) => t(`documents.${group.resource}`, { number });
  const openOnes = duplicates.filter((d) => d.state === 'open');

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" align="flex-start" gap="md">
          <Stack gap={6}>
            <Group gap="xs">
              <GroupStatusBadge group={group} />
              <Text fz="sm">{t('detail.confidence', { percent: confidencePercent(group.confidence) })}</Text>
            </Group>
            <Text fz="sm">
              {t('detail.summary', {
                count: group.duplicateCount,
                original: documentName(group.original.number),
                amount: formatOre(group.amountAtStakeOre, lang),
              })}
            </Text>
            <Text fz="sm" c="dimmed">
              {t('detail.transactionIdField', { field: t(`fields.${details.transactionIdField}`) })}
            </Text>
          </Stack>
          {canWrite ? (
            <Group gap="xs">
              {group.resolved ? (
                <Button
                  variant="default"
                  leftSection={<IconArrowBackUp size={18} aria-hidden="true" />}
                  loading={actions.resolving}
                  onClick={() => void actions.markResolved(group, false)}
                >
                  {t('actions.unresolve')}
                </Button>
              ) : (
                <Button
                  variant="default"
                  leftSection={<IconChecks size={18} aria-hidden="true" />}
                  loading={actions.resolving}
                  onClick={() => void actions.markResolved(group, true)}
                >
                  {t('actions.resolve')}
                </Button>
              )}
              {/* A resolved group is not handled (the server refuses): resolve it again first. */}
              {group.resolved ? null : (
                <Button
                  leftSection={<IconTool size={18} aria-hidden="true" />}
                  disabled={group.handling || openOnes.length === 0}
                  onClick={() => actions.handle(group)}
                >
                  {t('actions.handleGroupIn', { program })}
                </Button>
              )}
            </Group>
          ) : null}
        </Group>
      </Card>

      <Card withBorder radius="md" padding={0}>
        <Title order={2} fz="h4" p="lg" pb="sm" id="duplicate-comparison">
          {t('detail.comparison')}
        </Title>
        <Table.ScrollContainer minWidth={320 + 260 * duplicates.length}>
          <Table withColumnBorders verticalSpacing="sm" aria-labelledby="duplicate-comparison" data-testid="duplicate-comparison">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={140}>
                  <VisuallyHidden>{t('detail.field')}</VisuallyHidden>
                </Table.Th>
                <Table.Th>
                  <DocumentHead
                    title={t('detail.original', { document: documentName(group.original.number) })}
                    document={group.original}
                  />
                </Table.Th>
                {duplicates.map((d) => (
                  <Table.Th key={d.document.number} data-testid={`duplicate-${d.document.number}`}>
                    <DocumentHead
                      title={t('detail.duplicate', { document: documentName(d.document.number) })}
                      document={d.document}
                      extra={
                        <>
                          <Group gap={6}>
                            <Badge size="sm" variant="light" color={STATE_COLORS[d.state]} tt="none">
                              {t(`memberStates.${d.state}`)}
                            </Badge>
                            <Text fz="xs" fw={400}>
                              {t('confidence', { percent: confidencePercent(d.confidence) })}
                            </Text>
                          </Group>
                          {canWrite && d.state === 'open' && !group.handling ? (
                            <Group gap={6}>
                              <Button
                                size="compact-sm"
                                variant="default"
                                leftSection={<IconCopyOff size={14} aria-hidden="true" />}
                                aria-label={t('actions.notDuplicateOf', { document: documentName(d.document.number) })}
                                onClick={() => actions.askNotDuplicate(group, d.document.number)}
                              >
                                {t('actions.notDuplicate')}
                              </Button>
                              {group.resolved ? null : (
                                <Button
                                  size="compact-sm"
                                  variant="light"
                                  leftSection={<IconTool size={14} aria-hidden="true" />}
                                  aria-label={t('actions.handleSingleOf', { document: documentName(d.document.number), program })}
                                  onClick={() => actions.handle(group, d.document.number)}
                                >
                                  {t('actions.handleSingle')}
                                </Button>
                              )}
                            </Group>
                          ) : null}
                        </>
                      }
                    />
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {SHOWN.map((field) => (
                <Table.Tr key={field} data-field={field}>
                  <Table.Th scope="row" fz="sm">
                    {t(`fields.${field}`)}
                    {field === details.transactionIdField ? (
                      <Text span c="dimmed" fz="xs" display="block" fw={400}>
                        {t('detail.isTransactionId')}
                      </Text>
                    ) : null}
                  </Table.Th>
                  <Table.Td>
                    <FieldValue document={group.original} field={field} />
                  </Table.Td>
                  {duplicates.map((d) => {
                    const outcome = d.fields[field] ?? 'not_compared';
                    return (
                      <Table.Td key={d.document.number} data-outcome={outcome}>
                        <Stack gap={4} align="flex-start">
                          <FieldValue document={d.document} field={field} />
                          <FieldOutcomeBadge outcome={outcome} />
                        </Stack>
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
      {actions.dialog}
    </Stack>
  );
}
