import { z } from 'zod';
import { emailField, optionalString, orgNumberField, requiredString } from '../validation/rules';

/** Company / organisation (docs/permissions.md#tenancy). */
export const companySchema = z.object({
  id: z.string().uuid(),
  organisationNumber: z.string().nullable(),
  name: z.string(),
  customerNumber: z.string(),
  invoiceAddress: z.string().nullable(),
  city: z.string().nullable(),
  zipCode: z.string().nullable(),
  country: z.string().nullable(),
  billingEmail: z.string().nullable(),
  packageId: z.string(),
  accountingProgram: z.string(),
  clubAccounts: z.array(z.object({ id: z.string().uuid(), name: z.string(), organisationNumber: z.string().nullable() })),
});
export type Company = z.infer<typeof companySchema>;

export const updateCompanyBodySchema = z
  .object({
    name: requiredString(120).optional(),
    organisationNumber: orgNumberField().optional(),
    invoiceAddress: optionalString(200).optional(),
    city: optionalString(100).optional(),
    zipCode: optionalString(10).optional(),
    country: optionalString(100).optional(),
    billingEmail: emailField().optional(),
  })
  .strict();
