import { z } from 'zod';
import { ACCOUNTING_PROGRAMS } from '../constants';

/** The systems a club connects on the integrations page (docs/accounting.md#connections). */
export const INTEGRATION_SYSTEMS = ['accounting', 'git', 'sms', 'email'] as const;
export type IntegrationSystem = (typeof INTEGRATION_SYSTEMS)[number];

/**
 * `connected`: in use. `not_connected`: can be connected. `no_plan`: SMS needs an SMS plan first.
 * `outbox_only`: no SMTP server is configured, so e-mail is kept in the outbox instead of sent.
 * `reconnect_needed`: the accounting program refused our tokens (the reconnect prompt, docs/accounting.md#notices).
 * `installation_needed` / `connector_offline`: Visma Administration's connector was never
 * installed / has gone silent (docs/accounting.md#notices).
 */
export const INTEGRATION_STATUSES = [
  'connected',
  'not_connected',
  'no_plan',
  'outbox_only',
  'reconnect_needed',
  'installation_needed',
  'connector_offline',
] as const;
export type IntegrationStatus = (typeof INTEGRATION_STATUSES)[number];

/**
 * What a system's link reaches: `live` the real program or service, `simulator` the portal's
 * built-in stand-in for it (docs/accounting.md#what-reaches-a-real-system), where no data reaches
 * the real one. The server decides; the web only shows it.
 */
export const INTEGRATION_TARGETS = ['live', 'simulator'] as const;
export type IntegrationTarget = (typeof INTEGRATION_TARGETS)[number];

/** What the accounting card shows about the link (null for the other systems). */
export const accountingLinkSchema = z.object({
  /** The company in the accounting program the club account is linked to. */
  companyName: z.string().nullable(),
  connectedAt: z.string().nullable(),
  /** The latest refresh of the portal's copy of the accounting data. */
  lastRefresh: z
    .object({
      status: z.enum(['queued', 'running', 'succeeded', 'failed']),
      at: z.string(),
      error: z.string().nullable(),
    })
    .nullable(),
  /** Visma Administration: when the connector was last heard from. */
  connectorLastSeenAt: z.string().nullable(),
});
export type AccountingLink = z.infer<typeof accountingLinkSchema>;

export const integrationSchema = z.object({
  system: z.enum(INTEGRATION_SYSTEMS),
  /** The product behind it, e.g. `fortnox` for the accounting program; null when not chosen. */
  provider: z.string().nullable(),
  status: z.enum(INTEGRATION_STATUSES),
  /**
   * What the link reaches (or, not connected yet, what connecting would reach) for the accounting
   * program and GIT; null for SMS and e-mail.
   */
  target: z.enum(INTEGRATION_TARGETS).nullable(),
  accounting: accountingLinkSchema.nullable().optional(),
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

/** POST integrations/accounting/connect: where to send the browser for consent. */
export const accountingConnectSchema = z.object({ authorizeUrl: z.string().max(4000) });
export type AccountingConnect = z.infer<typeof accountingConnectSchema>;

/** POST integrations/accounting/callback: what the provider page (`/fortnox`, `/visma`) passes on. */
export const accountingCallbackBodySchema = z
  .object({
    provider: z.enum(['fortnox', 'visma_eekonomi']),
    state: z.string().trim().min(1).max(200),
    code: z.string().trim().min(1).max(2000).optional(),
    error: z.string().trim().max(200).optional(),
  })
  .strict();
export type AccountingCallbackBody = z.infer<typeof accountingCallbackBodySchema>;

export const accountingCallbackResultSchema = z.object({
  provider: z.enum(['fortnox', 'visma_eekonomi']),
  clubAccountName: z.string(),
  companyName: z.string().nullable(),
  /** Whether the club account is now linked to the real program or to the portal's simulator of it. */
  target: z.enum(INTEGRATION_TARGETS),
});
export type AccountingCallbackResult = z.infer<typeof accountingCallbackResultSchema>;

// ---- Visma Administration connector, as the integrations page shows it (proposed by the
// integrations-web work: GET integrations/accounting/connector, POST integrations/accounting/connector/key).

/** `installation_needed`: never registered; `offline`: silent past the limit; `online`: heard from lately. */
export const CONNECTOR_STATES = ['installation_needed', 'offline', 'online'] as const;
export type ConnectorState = (typeof CONNECTOR_STATES)[number];

/** The club account's connector: its state, the key in use (prefix only) and what it registered. */
export const connectorDetailsSchema = z.object({
  status: z.enum(CONNECTOR_STATES),
  /** What the connector's work reaches: the real Visma Administration or a simulated company (today always the latter). */
  target: z.enum(INTEGRATION_TARGETS),
  lastSeenAt: z.string().nullable(),
  registeredAt: z.string().nullable(),
  /** The first characters of the key in use; null before the first key is made. */
  keyPrefix: z.string().nullable(),
  keyCreatedAt: z.string().nullable(),
  version: z.string().nullable(),
  machine: z.string().nullable(),
  companyName: z.string().nullable(),
  companyDatabase: z.string().nullable(),
  /** Work items waiting for (or held by) the connector. */
  pendingWork: z.number().int().nonnegative(),
});
export type ConnectorDetails = z.infer<typeof connectorDetailsSchema>;

/** A new connector key: the whole key is answered once, only its hash is kept. */
export const connectorKeySchema = z.object({
  key: z.string(),
  keyPrefix: z.string(),
  createdAt: z.string(),
});
export type ConnectorKey = z.infer<typeof connectorKeySchema>;
