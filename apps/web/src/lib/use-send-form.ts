import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type DefaultValues, type FieldPath, type FieldValues, type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyFormErrors, type FormFailure } from './form-errors';

export interface SendFormOptions<V extends FieldValues> {
  /** The shared schema the values must pass before anything is sent. */
  schema: z.ZodType;
  defaultValues: DefaultValues<V>;
  /** The form's fields: the server's messages for them land on their inputs. */
  fields: readonly FieldPath<V>[];
  /** Sends the checked values (and says so, or clears the form); throws the API's refusal. */
  send: (values: V) => Promise<unknown>;
}

/**
 * A form that sends its values and stays where it is (change password, profile, ask for an
 * integration): react-hook-form with the shared schema, checked on leaving a field and before
 * sending; the server's field messages go on their inputs, the rest to `failure` for the form's
 * `FailureAlert` (components/failure-alert.tsx).
 */
export function useSendForm<V extends FieldValues>({ schema, defaultValues, fields, send }: SendFormOptions<V>) {
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const form = useForm<V>({
    resolver: zodResolver(schema as never) as unknown as Resolver<V>,
    defaultValues,
    mode: 'onTouched',
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await send(values);
    } catch (error) {
      setFailure(applyFormErrors(error, form.setError, fields));
    }
  });
  return { form, failure, onSubmit };
}
