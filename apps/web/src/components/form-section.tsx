import { Alert, Button, Fieldset, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconDeviceFloppy, IconLock } from '@tabler/icons-react';
import type { FormEventHandler, ReactNode } from 'react';
import { Link } from 'react-router';

export interface FormSectionProps {
  legend: string;
  /** A line of help above the fields, in dimmed text. */
  hint?: string;
  /** What else stands above the fields: a button that fills them. */
  intro?: ReactNode;
  children: ReactNode;
}

/** One titled group of a form's fields (basics, prices, invoicing…), the same frame in every form. */
export function FormSection({ legend, hint, intro, children }: FormSectionProps) {
  return (
    // A fieldset is as wide as its widest content unless told otherwise: the rows table would
    // widen the whole page instead of scrolling in its own container.
    <Fieldset legend={legend} radius="md" variant="filled" miw={0}>
      <Stack gap="md">
        {hint ? (
          <Text fz="sm" c="dimmed">
            {hint}
          </Text>
        ) : null}
        {intro}
        {children}
      </Stack>
    </Fieldset>
  );
}

interface FormFooterProps {
  backTo: string;
  backLabel: string;
  submitLabel: string;
  readOnly: boolean;
  submitting: boolean;
}

/** The foot of a form: back to its list, and save (not on a form that cannot be saved). */
function FormFooter({ backTo, backLabel, submitLabel, readOnly, submitting }: FormFooterProps) {
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

export interface FormFrameProps {
  /** The form's accessible name. */
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Why the form cannot be saved, shown above its fields; null when it can. */
  readOnlyNotice: string | null;
  /** The last save's refusal, in an alert at the top; orange for a limit rather than an error. */
  failure: { title: string; color?: 'red' | 'orange'; content: ReactNode } | null;
  /** While saving: every input off, the save button busy. */
  submitting: boolean;
  /** The list the form came from, for the back button. */
  backTo: string;
  backLabel: string;
  /** The save button's text ("Skapa faktura", "Spara"). */
  submitLabel: string;
  /** The form's sections. */
  children: ReactNode;
}

/**
 * The frame of a document form (invoice, article, member…): the read-only notice and the refusal at the top (the refusal
 * announced), the sections in one fieldset that switches every input off at once (read-only, or
 * saving), and the foot with back and save.
 */
export function FormFrame({
  label,
  onSubmit,
  readOnlyNotice,
  failure,
  submitting,
  backTo,
  backLabel,
  submitLabel,
  children,
}: FormFrameProps) {
  const readOnly = readOnlyNotice !== null;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form noValidate onSubmit={onSubmit} aria-label={label}>
        <Stack gap="lg">
          {readOnlyNotice !== null ? (
            <Alert variant="light" color="gray" icon={<IconLock size={18} aria-hidden="true" />}>
              {readOnlyNotice}
            </Alert>
          ) : null}
          {failure ? (
            <Alert
              variant="light"
              color={failure.color ?? 'red'}
              title={failure.title}
              icon={<IconAlertCircle size={18} aria-hidden="true" />}
              role="alert"
            >
              {failure.content}
            </Alert>
          ) : null}
          <fieldset disabled={readOnly || submitting} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <Stack gap="lg">{children}</Stack>
          </fieldset>
          <FormFooter
            backTo={backTo}
            backLabel={backLabel}
            submitLabel={submitLabel}
            readOnly={readOnly}
            submitting={submitting}
          />
        </Stack>
      </form>
    </Paper>
  );
}
