import { z } from 'zod';
import { encodeMessage } from '../validation/messages';

/** Resources a user has hidden (stored per user; docs/permissions.md#hidden-resources). */
export const HIDDEN_RESOURCE_ID = /^[a-zA-Z0-9_.:/-]{1,100}$/;
export const MAX_HIDDEN_RESOURCES = 200;
export const hiddenResourcesSchema = z.object({ resourceIds: z.array(z.string()) });
export type HiddenResources = z.infer<typeof hiddenResourcesSchema>;
export const updateHiddenResourcesBodySchema = z
  .object({
    resourceIds: z
      .array(
        z
          .string()
          .trim()
          .max(100)
          .regex(HIDDEN_RESOURCE_ID, { message: encodeMessage('invalid_value') }),
      )
      .max(MAX_HIDDEN_RESOURCES),
  })
  .strict();
export type UpdateHiddenResourcesBody = z.infer<typeof updateHiddenResourcesBodySchema>;
