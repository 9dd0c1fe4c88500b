import { z } from 'zod';
import { ACCOUNTING_PROGRAMS } from '../constants';

/** The systems a club connects on the integrations page (spec §2). */
export const INTEGRATION_SYSTEMS = ['accounting', 'git', 'sms', 'email'] as const;
export type IntegrationSystem = (typeof INTEGRATION_SYSTEMS)[number];

/**
 * `connected`: in use. `not_connected`: can be connected. `no_plan`: SMS needs an SMS plan first.
 * `outbox_only`: no SMTP server is configured, so e-mail is kept in the outbox instead of sent.
 */
export const INTEGRATION_STATUSES = ['connected', 'not_connected', 'no_plan', 'outbox_only'] as const;
export type IntegrationStatus = (typeof INTEGRATION_STATUSES)[number];

export const integrationSchema = z.object({
  system: z.enum(INTEGRATION_SYSTEMS),
  /** The product behind it, e.g. `fortnox` for the accounting program; null when not chosen. */
  provider: z.string().nullable(),
  status: z.enum(INTEGRATION_STATUSES),
});
export type Integration = z.infer<typeof integrationSchema>;

export const integrationsSchema = z.object({
  clubAccount: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
  integrations: z.array(integrationSchema),
});
export type Integrations = z.infer<typeof integrationsSchema>;

/** Systems a club may ask us to integrate with (request_integration/). */
export const REQUESTABLE_SYSTEMS = [...ACCOUNTING_PROGRAMS, 'git', 'sms', 'other'] as const;
export type RequestableSystem = (typeof REQUESTABLE_SYSTEMS)[number];

export const requestIntegrationBodySchema = z
  .object({
    system: z.enum(REQUESTABLE_SYSTEMS),
    message: z.string().trim().min(1).max(2000),
  })
  .strict();
export type RequestIntegrationBody = z.infer<typeof requestIntegrationBodySchema>;

export const integrationRequestSchema = z.object({
  id: z.string().uuid(),
  system: z.enum(REQUESTABLE_SYSTEMS),
  message: z.string(),
  createdAt: z.string(),
});
export type IntegrationRequest = z.infer<typeof integrationRequestSchema>;
