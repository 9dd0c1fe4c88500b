import { zodResolver } from '@hookform/resolvers/zod';
import { Switch, Textarea, type TextareaProps, TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';
import {
  type Control,
  Controller,
  type DefaultValues,
  type FieldError,
  type FieldPath,
  type FieldValues,
  get,
  type Resolver,
  useForm,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { applyFormErrors, useFieldErrorText } from '../../lib/form-errors';
import { useUnsavedChangesGuard } from '../../lib/use-unsaved-changes-guard';
import { LabelledSegments } from '../accounting/components/labelled-segments';
import { DateField } from '../date-field';
import { listErrorMessage } from '../list/list-states';
import { KronorInput } from './kronor-input';

/**
 * The text for a refusal that found no field of its own. The accounting program's answers (a
 * number in use, too many requests, not answering) carry a localised message worth showing as it
 * is, also for a 503.
 */
export function documentFailureText(error: unknown, leftover: string | null): string | null {
  if (error instanceof ApiError && error.status === 503) return listErrorMessage(error) ?? leftover;
  return leftover;
}

/** A text field's starting value: what is stored, or empty. */
export const textValue = (value: string | null | undefined) => value ?? '';

/**
 * A document's starting values, with an empty number when it is new (`existing` absent): the number
 * is given once, when creating; the edit body has no such field.
 */
export function withNewNumber<V>(existing: unknown, values: V): V {
  return existing ? values : { number: '', ...values };
}

/** What a document's form is given by its page (customer, article, contract, invoice), besides the document itself. */
export interface DocumentFormProps<B> {
  /** Nothing can be changed: leaving asks nothing. */
  readOnly: boolean;
  /** Why it is read-only, when not for want of the write scope (a booked invoice, a finished contract). */
  readOnlyText?: string;
  /** Sends the validated body; throws the API's refusal. */
  onSubmit: (body: B) => Promise<unknown>;
  /** After a successful save (the guard is already off), with the answer. */
  onSaved: (saved: unknown) => void;
}

export interface DocumentFormOptions<V extends FieldValues, F> extends DocumentFormProps<never> {
  /** The feature's message namespace: a field's texts are `fields.<name>.label|description|placeholder` there. */
  ns: string;
  /** The document to edit is absent: the create schema applies and the body carries `requestId`. */
  creating: boolean;
  createSchema: z.ZodType;
  updateSchema: z.ZodType;
  defaultValues: DefaultValues<V>;
  /** Every field the server may name in a refusal (given the values, for forms with rows). */
  serverFields: (values: V) => readonly FieldPath<V>[];
  /** The alert's content for a refusal, from the text no field took; `documentFailureText` by default. */
  failureOf?: (error: unknown, leftover: string | null) => F | null;
}

/**
 * A document's create/edit form (customer, article, contract, invoice): react-hook-form with the
 * shared schema (checked on leaving a field, and before anything is sent), the question before
 * leaving with unsaved changes, the field texts, and a save that sends the body (a new document
 * with the form's own request id, so sending twice creates once), puts the server's field messages
 * on their inputs and the rest in the alert at the top. Gives `frame`, the props of its
 * `DocumentFormFrame` (all but its label and list), and the form's inputs labelled by `field`: text
 * inputs and areas, switches, kronor, dates and segments.
 */
export function useDocumentForm<V extends FieldValues, Out extends FieldValues = V, F = string>({
  ns,
  creating,
  createSchema,
  updateSchema,
  defaultValues,
  readOnly,
  readOnlyText,
  serverFields,
  onSubmit,
  onSaved,
  failureOf = documentFailureText as (error: unknown, leftover: string | null) => F | null,
}: DocumentFormOptions<V, F>) {
  const { t } = useTranslation(ns);
  const errorText = useFieldErrorText();
  const [failure, setFailure] = useState<F | null>(null);
  // The form's own id: sent again (a double click, a retry after a lost or queued answer) it creates once.
  const [requestId] = useState(() => crypto.randomUUID());
  const form = useForm<V, unknown, Out>({
    resolver: zodResolver((creating ? createSchema : updateSchema) as never) as unknown as Resolver<V, unknown, Out>,
    defaultValues,
    mode: 'onTouched',
  });
  const { handleSubmit, setError, getValues, register, formState } = form;
  const leaving = useUnsavedChangesGuard(formState.isDirty && !readOnly && !formState.isSubmitSuccessful);

  /** Label, help text, placeholder and error of a field; `labelKey` names its texts (by default the last part of its path). */
  const field = (name: FieldPath<V>, labelKey = name.split('.').at(-1) as string) => {
    const label = t(`fields.${labelKey}.label`);
    const description = t(`fields.${labelKey}.description`, { defaultValue: '' }) || undefined;
    const placeholder = t(`fields.${labelKey}.placeholder`, { defaultValue: '' }) || undefined;
    const error = errorText(get(formState.errors, name) as FieldError | undefined, label);
    // Without a placeholder of its own the input keeps its default one (a date field's format).
    return placeholder ? { label, description, placeholder, error } : { label, description, error };
  };

  const submit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      const saved = await onSubmit((creating ? { ...body, requestId } : body) as never);
      leaving.current = true;
      onSaved(saved);
    } catch (error) {
      const result = applyFormErrors(error, setError, serverFields(getValues()));
      setFailure(failureOf(error, result.message));
    }
  });

  /** A one-line text input, labelled by `field(name)`, that the browser does not fill in (`props` add to or override that). */
  const textInput = (name: FieldPath<V>, props?: TextInputProps) => (
    <TextInput {...field(name)} {...register(name)} autoComplete="off" {...props} />
  );

  /** A text area that grows with its text up to eight rows (notes, remarks), labelled by `field(name)`. */
  const textArea = (name: FieldPath<V>, props?: TextareaProps) => (
    <Textarea {...field(name)} {...register(name)} autosize maxRows={8} maxLength={1024} {...props} />
  );

  /** An on/off switch (`FormSwitch`), labelled by `field(name)`. */
  const switchInput = (name: FieldPath<V>) => <FormSwitch control={form.control} name={name} text={field(name)} />;

  /** An amount in kronor held in öre (`FormKronor`), labelled by `field(name)`. */
  const kronorInput = (name: FieldPath<V>) => <FormKronor control={form.control} name={name} text={field(name)} />;

  /** A date (`FormDate`), labelled by `field(name)`. */
  const dateInput = (name: FieldPath<V>, options?: { clearable?: boolean; withAsterisk?: boolean }) => (
    <FormDate control={form.control} name={name} text={field(name)} {...options} />
  );

  /** A choice among a few (`FormSegments`), labelled by `field(name)`, off while read-only or saving. */
  const segmentsInput = (
    name: FieldPath<V>,
    options: { data: { value: string; label: string }[]; fallback: string; onPicked?: (value: string) => void },
  ) => (
    <FormSegments
      control={form.control}
      name={name}
      label={field(name).label}
      disabled={readOnly || formState.isSubmitting}
      {...options}
    />
  );

  const frame = { ns, creating, onSubmit: submit, readOnly, readOnlyText, failure, submitting: formState.isSubmitting };

  return { form, field, submit, failure, frame, textInput, textArea, switchInput, kronorInput, dateInput, segmentsInput };
}

/** An on/off field of a document form, labelled by `field(name)` of `useDocumentForm`. */
export function FormSwitch<V extends FieldValues, Out extends FieldValues = V>({
  control,
  name,
  text,
}: {
  control: Control<V, unknown, Out>;
  name: FieldPath<V>;
  text: { label: string; description?: string };
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: f }) => (
        <Switch
          label={text.label}
          description={text.description}
          name={f.name}
          ref={f.ref}
          checked={f.value ?? false}
          onChange={(event) => f.onChange(event.currentTarget.checked)}
          onBlur={f.onBlur}
        />
      )}
    />
  );
}

/** A date field of a document form, labelled by `field(name)` of `useDocumentForm`. */
export function FormDate<V extends FieldValues, Out extends FieldValues = V>({
  control,
  name,
  text,
  clearable,
  withAsterisk,
}: {
  control: Control<V, unknown, Out>;
  name: FieldPath<V>;
  text: { label: string; description?: string; error?: string };
  clearable?: boolean;
  withAsterisk?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: f }) => (
        <DateField
          {...text}
          value={f.value}
          onChange={f.onChange}
          onBlur={f.onBlur}
          ref={f.ref}
          clearable={clearable}
          withAsterisk={withAsterisk}
        />
      )}
    />
  );
}

/** An amount in kronor of a document form (held in öre), labelled by `field(name)` of `useDocumentForm`. */
export function FormKronor<V extends FieldValues, Out extends FieldValues = V>({
  control,
  name,
  text,
}: {
  control: Control<V, unknown, Out>;
  name: FieldPath<V>;
  text: { label: string; description?: string; placeholder?: string; error?: string };
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: f }) => <KronorInput {...text} value={f.value} onChange={f.onChange} onBlur={f.onBlur} ref={f.ref} />}
    />
  );
}

/** A choice among a few of a document form (a customer's or an article's type), as segments across the form's width. */
export function FormSegments<V extends FieldValues, Out extends FieldValues = V>({
  control,
  name,
  label,
  data,
  fallback,
  disabled,
  onPicked,
}: {
  control: Control<V, unknown, Out>;
  name: FieldPath<V>;
  label: string;
  data: { value: string; label: string }[];
  /** Shown while the field is empty. */
  fallback: string;
  disabled: boolean;
  /** After a choice (the form has it already). */
  onPicked?: (value: string) => void;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: f }) => (
        <LabelledSegments
          label={label}
          value={f.value ?? fallback}
          onChange={(value) => {
            f.onChange(value);
            onPicked?.(value);
          }}
          data={data}
          disabled={disabled}
          fullWidth
        />
      )}
    />
  );
}
