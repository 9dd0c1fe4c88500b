import type { IntegrationStatus } from '@fairway/shared';
import { ACCOUNTING_PROGRAM_NAMES, type AccountingProgram } from '@fairway/shared/constants';

/** Badge colours; the problems the dashboard notices raise are the loud ones. */
export const STATUS_COLORS: Record<IntegrationStatus, string> = {
  connected: 'teal',
  not_connected: 'gray',
  no_plan: 'yellow',
  outbox_only: 'orange',
  reconnect_needed: 'red',
  installation_needed: 'orange',
  connector_offline: 'red',
};

export function accountingProgramName(provider: string | null | undefined): string {
  if (!provider) return '';
  return ACCOUNTING_PROGRAM_NAMES[provider as AccountingProgram] ?? provider;
}
