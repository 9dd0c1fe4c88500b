import { Button, Fieldset, Group, Stack } from '@mantine/core';
import { IconArrowLeft, IconDeviceFloppy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface FormSectionProps {
  legend: string;
  /** What stands above the fields: a hint, a button that fills them. */
  intro?: ReactNode;
  children: ReactNode;
}

/** One titled group of an accounting form's fields (basics, prices, invoicing…), the same frame in every form. */
export function FormSection({ legend, intro, children }: FormSectionProps) {
  return (
    <Fieldset legend={legend} radius="md" variant="filled">
      <Stack gap="md">
        {intro}
        {children}
      </Stack>
    </Fieldset>
  );
}

export interface FormFooterProps {
  /** The list the form came from. */
  backTo: string;
  backLabel: string;
  submitLabel: string;
  /** No save button on a form that cannot be saved. */
  readOnly: boolean;
  submitting: boolean;
}

/** The foot of an accounting form: back to its list, and save. */
export function FormFooter({ backTo, backLabel, submitLabel, readOnly, submitting }: FormFooterProps) {
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Button component={Link} to={backTo} variant="default" leftSection={<IconArrowLeft size={16} aria-hidden="true" />}>
        {backLabel}
      </Button>
      {readOnly ? null : (
        <Button type="submit" loading={submitting} leftSection={<IconDeviceFloppy size={16} aria-hidden="true" />}>
          {submitLabel}
        </Button>
      )}
    </Group>
  );
}
