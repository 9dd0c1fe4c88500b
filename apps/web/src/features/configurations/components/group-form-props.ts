import type { ConfigurationGroup, ConfigurationValues } from '@fairway/shared';
import type { UseFormReturn } from 'react-hook-form';

/** What the page hands each group's form. */
export interface GroupFormProps<G extends ConfigurationGroup> {
  values: ConfigurationValues[G];
  updatedAt: string | null;
  clubAccountId: string;
  readOnly: boolean;
  /** A field to give the focus on arrival (`?field=` from a link to a missing setting). */
  focusField?: string;
}

export type GroupFormApi<G extends ConfigurationGroup> = UseFormReturn<ConfigurationValues[G]>;
