import type { GitImportCommitResult, GitImportPreview, GitImportPreviewBody, GitImportUpload } from '@fairway/shared';
import { Alert, Anchor, Button, Group, Modal, Stack, Stepper, Text } from '@mantine/core';
import { IconCircleCheck, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../../lib/api-client';
import { currentLanguage } from '../../../../lib/i18n';
import { useCommitGitImport, usePreviewGitImport } from '../../api/import-git';
import { GIT_PATHS } from '../../lib/paths';
import { baseName, checkSettings, defaultDates, initialMapping } from './import-helpers';
import { MappingStep } from './mapping-step';
import { PreviewStep } from './preview-step';
import { UploadStep } from './upload-step';

export interface GitImportWizardProps {
  opened: boolean;
  onClose: () => void;
}

type Step = 0 | 1 | 2 | 3;

/** Field errors of a refused call, when it was refused field by field. */
const fieldErrorsOf = (error: unknown): Record<string, string> =>
  error instanceof ApiError ? Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [k, v.join(' ')])) : {};

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && Object.keys(error.fieldErrors).length === 0 ? error.message : error ? fallback : null;

/**
 * Importing GIT's Excel export of an invoice batch, in a modal: upload → map columns → preview →
 * done (with a link to the new invoice occasion). Closing it forgets the wizard's state; nothing
 * is written before the last step's import button.
 */
export function GitImportWizard({ opened, onClose }: GitImportWizardProps) {
  const { t } = useTranslation('git-import');
  const [step, setStep] = useState<Step>(0);
  const [upload, setUpload] = useState<GitImportUpload | null>(null);
  const [settings, setSettings] = useState<GitImportPreviewBody | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<GitImportPreview | null>(null);
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [result, setResult] = useState<GitImportCommitResult | null>(null);
  const previewCall = usePreviewGitImport();
  const commitCall = useCommitGitImport();

  const reset = () => {
    setStep(0);
    setUpload(null);
    setSettings(null);
    setErrors({});
    setPreview(null);
    setSkipInvalid(false);
    setResult(null);
    previewCall.reset();
    commitCall.reset();
  };
  const close = () => {
    reset();
    onClose();
  };

  const onUploaded = (uploaded: GitImportUpload) => {
    setUpload(uploaded);
    setSettings({
      mapping: initialMapping(uploaded.suggestedMapping),
      occasionName: baseName(uploaded.fileName),
      ...defaultDates(),
    });
    setErrors({});
    setStep(1);
  };

  const runPreview = () => {
    if (!upload || !settings) return;
    const found = checkSettings(settings, currentLanguage());
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    previewCall.mutate(
      { id: upload.id, body: settings },
      {
        onSuccess: (answer) => {
          setPreview(answer);
          setSkipInvalid(false);
          commitCall.reset();
          setStep(2);
        },
        onError: (error) => setErrors(fieldErrorsOf(error)),
      },
    );
  };

  const runCommit = () => {
    if (!upload || !settings) return;
    commitCall.mutate(
      { id: upload.id, body: { ...settings, skipInvalid } },
      {
        onSuccess: (answer) => {
          setResult(answer);
          setStep(3);
        },
      },
    );
  };

  const generic = t('failedGeneric');
  return (
    <Modal
      opened={opened}
      onClose={close}
      size="80rem"
      title={
        <Group gap="xs">
          <IconFileSpreadsheet size={20} aria-hidden="true" />
          <Text fw={700}>{t('title')}</Text>
        </Group>
      }
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <Stepper active={step} onStepClick={(s) => setStep(s as Step)} allowNextStepsSelect={false} size="sm" mb="md">
        <Stepper.Step label={t('steps.upload')} description={t('steps.uploadHint')} allowStepSelect={step > 0 && step < 3}>
          <UploadStep onUploaded={onUploaded} />
        </Stepper.Step>
        <Stepper.Step label={t('steps.mapping')} description={t('steps.mappingHint')} allowStepSelect={step === 2}>
          {upload && settings ? (
            <MappingStep
              upload={upload}
              settings={settings}
              onChange={setSettings}
              errors={errors}
              failure={messageOf(previewCall.error, generic)}
              pending={previewCall.isPending}
              onBack={() => setStep(0)}
              onPreview={runPreview}
            />
          ) : null}
        </Stepper.Step>
        <Stepper.Step label={t('steps.preview')} description={t('steps.previewHint')} allowStepSelect={false}>
          {preview ? (
            <PreviewStep
              preview={preview}
              skipInvalid={skipInvalid}
              onSkipInvalidChange={setSkipInvalid}
              failure={commitCall.error ? (commitCall.error.message ?? generic) : null}
              pending={commitCall.isPending}
              onBack={() => setStep(1)}
              onCommit={runCommit}
            />
          ) : null}
        </Stepper.Step>
        <Stepper.Completed>
          {result ? (
            <Stack gap="md" align="flex-start">
              <Alert
                color="teal"
                icon={<IconCircleCheck size={20} aria-hidden="true" />}
                title={t('done.title')}
                role="status"
                w="100%"
              >
                <Text size="sm">
                  {result.created
                    ? t('done.text', { name: settings?.occasionName ?? '', count: result.invoices })
                    : t('done.already', { count: result.invoices })}
                </Text>
                {result.skippedInvoices > 0 ? (
                  <Text size="sm">{t('done.skipped', { count: result.skippedInvoices })}</Text>
                ) : null}
                {result.membersCreated + result.articlesCreated > 0 ? (
                  <Text size="sm">{t('done.created', { members: result.membersCreated, articles: result.articlesCreated })}</Text>
                ) : null}
                <Text size="sm">{t('done.next')}</Text>
              </Alert>
              <Group>
                <Button component={Link} to={GIT_PATHS.occasion(result.occasionId)} onClick={close}>
                  {t('done.open')}
                </Button>
                <Button variant="default" onClick={reset}>
                  {t('done.another')}
                </Button>
                <Anchor component="button" type="button" onClick={close} size="sm">
                  {t('close')}
                </Anchor>
              </Group>
            </Stack>
          ) : null}
        </Stepper.Completed>
      </Stepper>
    </Modal>
  );
}
