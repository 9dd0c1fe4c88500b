import { z } from 'zod';
import { roleSchema } from '../permissions/scopes';
import { orgNumberField, requiredString } from '../validation/rules';

export const organizationSummarySchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  organisationNumber: z.string().nullable(),
  customerNumber: z.string(),
  role: roleSchema,
  current: z.boolean(),
});
export type OrganizationSummary = z.infer<typeof organizationSummarySchema>;

export const organizationsQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
    search: z.string().trim().max(100).optional(),
  })
  .strict();

/** POST organizations/: a further organisation owned by the signed-in user. */
export const createOrganizationBodySchema = z
  .object({ name: requiredString(120), organisationNumber: orgNumberField().optional() })
  .strict();
