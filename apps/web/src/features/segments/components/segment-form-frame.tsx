import { Alert, Button, Group, Paper, Stack } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconDeviceFloppy, IconLock, IconTrash } from '@tabler/icons-react';
import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export interface SegmentFormFrameProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Without the write scope the segment is shown but cannot be changed. */
  readOnly: boolean;
  submitting: boolean;
  /** The refusal that found no field of its own, for the alert. */
  failure: string | null;
  /** The list the page belongs to. */
  backTo: string;
  /** Offered on an existing segment. */
  onDelete?: () => void;
  children: ReactNode;
}

/** What both segment forms share: read-only note, error alert, disabled fields while saving, actions. */
export function SegmentFormFrame({ onSubmit, readOnly, submitting, failure, backTo, onDelete, children }: SegmentFormFrameProps) {
  const { t } = useTranslation('segments');
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="md">
          {readOnly ? (
            <Alert variant="light" color="gray" icon={<IconLock size={18} aria-hidden="true" />}>
              {t('form.readOnly')}
            </Alert>
          ) : null}
          {failure ? (
            <Alert variant="light" color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
              {failure}
            </Alert>
          ) : null}
          <fieldset disabled={readOnly || submitting} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <Stack gap="md">{children}</Stack>
          </fieldset>
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Button component={Link} to={backTo} variant="default" leftSection={<IconArrowLeft size={16} aria-hidden="true" />}>
              {t('form.back')}
            </Button>
            {readOnly ? null : (
              <Group gap="sm">
                {onDelete ? (
                  <Button
                    variant="light"
                    color="red"
                    leftSection={<IconTrash size={16} aria-hidden="true" />}
                    onClick={onDelete}
                    disabled={submitting}
                  >
                    {t('form.delete')}
                  </Button>
                ) : null}
                <Button type="submit" loading={submitting} leftSection={<IconDeviceFloppy size={16} aria-hidden="true" />}>
                  {t('form.save')}
                </Button>
              </Group>
            )}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
