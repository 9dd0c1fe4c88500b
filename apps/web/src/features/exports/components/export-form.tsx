import {
  EXPORT_FORMATS,
  EXPORT_KIND_SCOPES,
  EXPORT_KINDS,
  EXPORT_MONTHS_BACK,
  type ExportFormat,
  type ExportKind,
  type ExportLogEntry,
  earliestExportDate,
  exportRequestSchema,
} from '@fairway/shared';
import { Alert, Button, Group, Paper, Radio, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconDownload, IconFileExport } from '@tabler/icons-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { listErrorMessage } from '../../../components/list/list-states';
import { RunProgress } from '../../../components/run-progress';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { useFieldErrorText } from '../../../lib/form-errors';
import { currentLanguage } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCreateExport } from '../api/create-export';
import { downloadExport } from '../api/download-export';
import { useFollowExport } from '../api/get-export';
import { PERIOD_PRESETS, presetPeriod } from '../lib/period';

type FieldName = 'kind' | 'startDate' | 'endDate';

/** 48 000 in Swedish, 48,000 in English. */
const formatCount = (n: number) => new Intl.NumberFormat(currentLanguage() === 'en' ? 'en-GB' : 'sv-SE').format(n);

/** Saves the file, saying so; a refusal was shown by the API client already. */
async function save(entry: ExportLogEntry) {
  try {
    return await downloadExport(entry);
  } catch {
    return false;
  }
}

/**
 * The export form: what, which format, and the period (both dates required, the start at most
 * 12 months back — checked here with the shared rule and again by the server). A small export
 * downloads at once; a large one is followed until its job has made the file.
 */
export function ExportForm() {
  const { t } = useTranslation('exports');
  const errorText = useFieldErrorText();
  const user = useCurrentUser();
  const allowed = (kind: ExportKind) => user?.scopes.includes(EXPORT_KIND_SCOPES[kind]) ?? false;
  const [chosenKind, setKind] = useState<ExportKind | null>(null);
  // Until the user chooses: the first kind the viewer may export.
  const kind = chosenKind ?? EXPORT_KINDS.find((k) => allowed(k)) ?? 'members';
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [followId, setFollowId] = useState<string | null>(null);
  const create = useCreateExport();
  const followed = useFollowExport(followId);
  const savedRef = useRef<string | null>(null);
  const headingId = useId();
  const labels = { kind: t('form.kind'), startDate: t('form.startDate'), endDate: t('form.endDate') };

  // A queued export downloads itself once its file is made (once only, even if the query refetches).
  const followedEntry = followed.data;
  useEffect(() => {
    if (followedEntry?.status === 'succeeded' && savedRef.current !== followedEntry.id) {
      savedRef.current = followedEntry.id;
      void save(followedEntry);
    }
  }, [followedEntry]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setFollowId(null);
    const parsed = exportRequestSchema().safeParse({ kind, format, startDate, endDate });
    const next: Partial<Record<FieldName, string>> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as FieldName;
        next[key] ??= errorText({ type: 'validate', message: issue.message }, labels[key]);
      }
    }
    setErrors(next);
    if (!parsed.success) {
      const first = (['startDate', 'endDate'] as const).find((f) => next[f]);
      if (first) document.getElementById(`export-${first}`)?.focus();
      return;
    }
    try {
      const entry = await create.mutateAsync(parsed.data);
      if (entry.status === 'succeeded') {
        notifySuccess(entry.rowCount ? t('form.done', { rows: formatCount(entry.rowCount) }) : t('form.doneEmpty'));
        await save(entry);
      } else if (entry.status === 'failed') {
        setFailure(entry.error ?? t('form.failedTitle'));
      } else {
        setFollowId(entry.id);
      }
    } catch (refusal) {
      if (refusal instanceof ApiError && refusal.description.kind === 'fields') {
        const server = refusal.fieldErrors;
        setErrors({ kind: server.kind?.join(' '), startDate: server.startDate?.join(' '), endDate: server.endDate?.join(' ') });
        if (!server.kind && !server.startDate && !server.endDate) setFailure(listErrorMessage(refusal) ?? refusal.message);
      } else if (refusal instanceof ApiError && refusal.status === 403) {
        setFailure(t('form.noScope', { kind: t(`form.kinds.${kind}`).toLocaleLowerCase() }));
      } else {
        const message = listErrorMessage(refusal) ?? (refusal instanceof Error ? refusal.message : String(refusal));
        setFailure(message);
        notifyError(message);
      }
    }
  };

  const choosePreset = (preset: (typeof PERIOD_PRESETS)[number]) => {
    const period = presetPeriod(preset);
    setStartDate(period.startDate);
    setEndDate(period.endDate);
    setErrors((e) => ({ ...e, startDate: undefined, endDate: undefined }));
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={headingId}>
      <form noValidate onSubmit={submit} aria-labelledby={headingId}>
        <Stack gap="md">
          <Title order={2} fz="h4" id={headingId}>
            {t('form.title')}
          </Title>
          {failure ? (
            <Alert color="red" variant="light" role="alert" title={t('form.failedTitle')} icon={<IconAlertCircle size={18} />}>
              {failure}
            </Alert>
          ) : null}

          <Radio.Group
            label={labels.kind}
            value={kind}
            onChange={(value) => setKind(value as ExportKind)}
            error={errors.kind}
            name="export-kind"
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="xs">
              {EXPORT_KINDS.map((k) => (
                <Radio.Card
                  key={k}
                  value={k}
                  radius="md"
                  p="sm"
                  disabled={!allowed(k)}
                  aria-describedby={`export-kind-${k}-help`}
                >
                  <Group wrap="nowrap" align="flex-start" gap="sm">
                    <Radio.Indicator disabled={!allowed(k)} />
                    <div>
                      <Text fw={600} fz="sm" c={allowed(k) ? undefined : 'dimmed'}>
                        {t(`form.kinds.${k}`)}
                      </Text>
                      <Text fz="xs" c="dimmed" id={`export-kind-${k}-help`}>
                        {t(`form.kindHelp.${k}`)}
                      </Text>
                    </div>
                  </Group>
                </Radio.Card>
              ))}
            </SimpleGrid>
          </Radio.Group>

          <Stack gap={4}>
            <Text component="label" fz="sm" fw={500} id="export-format-label">
              {t('form.format')}
            </Text>
            <SegmentedControl
              aria-labelledby="export-format-label"
              value={format}
              onChange={(value) => setFormat(value as ExportFormat)}
              data={EXPORT_FORMATS.map((f) => ({ value: f, label: t(`form.formats.${f}`) }))}
              w={{ base: '100%', xs: 320 }}
            />
          </Stack>

          <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
            <Text component="legend" fz="sm" fw={500} mb={4}>
              {t('form.period')}
            </Text>
            <Group gap="xs" mb="xs" role="group" aria-label={t('form.presets.label')}>
              {PERIOD_PRESETS.map((preset) => (
                <Button key={preset} size="compact-sm" variant="light" onClick={() => choosePreset(preset)}>
                  {t(`form.presets.${preset}`)}
                </Button>
              ))}
            </Group>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" maw={560}>
              <DateField
                id="export-startDate"
                label={labels.startDate}
                value={startDate}
                onChange={(value) => {
                  setStartDate(value);
                  setErrors((e) => ({ ...e, startDate: undefined }));
                }}
                minDate={earliestExportDate()}
                error={errors.startDate}
                required
              />
              <DateField
                id="export-endDate"
                label={labels.endDate}
                value={endDate}
                onChange={(value) => {
                  setEndDate(value);
                  setErrors((e) => ({ ...e, endDate: undefined }));
                }}
                minDate={startDate || earliestExportDate()}
                error={errors.endDate}
                required
              />
            </SimpleGrid>
            <Text fz="xs" c="dimmed" mt={4}>
              {t('form.periodHelp', { months: EXPORT_MONTHS_BACK })}
            </Text>
          </fieldset>

          {followId !== null && followedEntry ? <FollowedExport entry={followedEntry} /> : null}

          <Group>
            <Button
              type="submit"
              leftSection={<IconFileExport size={18} aria-hidden="true" />}
              loading={create.isPending}
              disabled={user !== null && !allowed(kind)}
            >
              {t('form.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** A large export being made by a worker (the shared run view), then ready with its download. */
function FollowedExport({ entry }: { entry: ExportLogEntry }) {
  const { t } = useTranslation('exports');
  return (
    <Paper withBorder p="md" radius="md">
      <RunProgress
        label={t('form.runLabel', { kind: t(`form.kinds.${entry.kind}`), start: entry.startDate, end: entry.endDate })}
        run={{ status: entry.status, done: 0, total: 0, error: entry.error }}
      >
        {entry.status === 'succeeded' ? (
          <Stack gap="xs" align="flex-start">
            <Text fz="sm" fw={600}>
              {t('form.readyTitle')}
            </Text>
            <Text fz="sm">{t('form.readyText', { rows: formatCount(entry.rowCount ?? 0) })}</Text>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconDownload size={14} aria-hidden="true" />}
              onClick={() => void save(entry)}
            >
              {t('form.download')}
            </Button>
          </Stack>
        ) : entry.status === 'failed' ? (
          <Text fz="sm" fw={600} c="red">
            {t('form.failedTitle')}
          </Text>
        ) : (
          <Stack gap={4}>
            <Text fz="sm" fw={600}>
              {t('form.queuedTitle')}
            </Text>
            <Text fz="sm">{t('form.queuedText')}</Text>
          </Stack>
        )}
      </RunProgress>
    </Paper>
  );
}
