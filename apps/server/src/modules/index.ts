import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountingRoutes } from './accounting/accounting.routes';
import { connectionRoutes } from './accounting/connection/connection.routes';
import { rateEventsJobs } from './accounting/connection/rate-events.jobs';
import { requestJournalJobs } from './accounting/connection/request-journal.jobs';
import { connectorRoutes } from './accounting/connector/connector.routes';
import { refreshJobs } from './accounting/refresh/refresh.jobs';
import { articlesRoutes } from './articles/articles.routes';
import { authRoutes } from './auth/auth.routes';
import { backupRoutes } from './backup/backup.routes';
import { billingsRoutes } from './billings/billings.routes';
import { companyRoutes } from './company/company.routes';
import { configurationsRoutes } from './configurations/configurations.routes';
import { contractsJobs } from './contracts/contracts.jobs';
import { contractsRoutes } from './contracts/contracts.routes';
import { customersRoutes } from './customers/customers.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { duplicatesRoutes } from './duplicates/duplicates.routes';
import { handlingRoutes } from './duplicates/handling/handling.routes';
import { emailJobs } from './email/email.jobs';
import { eventlogsRoutes } from './eventlogs/eventlogs.routes';
import { exportsJobs } from './exports/exports.jobs';
import { exportsRoutes } from './exports/exports.routes';
import { feesRoutes } from './fees/fees.routes';
import { gitJobs } from './git/git.jobs';
import { gitRoutes } from './git/git.routes';
import { helpRoutes } from './help/help.routes';
import { hiddenResourcesRoutes } from './hidden-resources/hidden-resources.routes';
import { integrationsRoutes } from './integrations/integrations.routes';
import { invoicesRoutes } from './invoices/invoices.routes';
import { landingRoutes } from './landing/landing.routes';
import { landingFormsRoutes } from './landing/landing-forms.routes';
import { memberCareJobs } from './member-care/member-care.jobs';
import { memberCareRoutes } from './member-care/member-care.routes';
import { membersRoutes } from './members/members.routes';
import { notificationsRoutes } from './notifications/notifications.routes';
import { organizationsRoutes } from './organizations/organizations.routes';
import { permissionsRoutes } from './permissions/permissions.routes';
import { receiptsJobs } from './receipts/receipts.jobs';
import { receiptsRoutes } from './receipts/receipts.routes';
import { segmentsRoutes } from './segments/segments.routes';
import { statisticsRoutes } from './statistics/statistics.routes';
import { subscriptionsJobs } from './subscriptions/subscriptions.jobs';
import { subscriptionsRoutes } from './subscriptions/subscriptions.routes';
import { suppliersRoutes } from './suppliers/suppliers.routes';
import { supportRoutes } from './support/support.routes';
import { usersRoutes } from './users/users.routes';

/** A feature's routes: a Fastify plugin whose paths are relative to /api/v1. */
export type RouteModule = FastifyPluginAsyncZod;

/**
 * The route modules mounted under /api/v1, e.g. `authRoutes` declaring `/auth/login`.
 * Each feature adds its `<feature>.routes.ts` plugin here. (`/api/health` is mounted by app.ts.)
 */
export const routeModules: RouteModule[] = [
  authRoutes,
  emailJobs,
  usersRoutes,
  companyRoutes,
  organizationsRoutes,
  landingRoutes,
  helpRoutes,
  permissionsRoutes,
  notificationsRoutes,
  eventlogsRoutes,
  configurationsRoutes,
  hiddenResourcesRoutes,
  integrationsRoutes,
  connectionRoutes,
  rateEventsJobs,
  requestJournalJobs,
  subscriptionsRoutes,
  subscriptionsJobs,
  billingsRoutes,
  refreshJobs,
  accountingRoutes,
  customersRoutes,
  suppliersRoutes,
  duplicatesRoutes,
  invoicesRoutes,
  contractsJobs,
  contractsRoutes,
  statisticsRoutes,
  dashboardRoutes,
  articlesRoutes,
  segmentsRoutes,
  connectorRoutes,
  membersRoutes,
  memberCareJobs,
  handlingRoutes,
  memberCareRoutes,
  receiptsJobs,
  receiptsRoutes,
  feesRoutes,
  gitJobs,
  gitRoutes,
  exportsJobs,
  exportsRoutes,
  landingFormsRoutes,
  supportRoutes,
  backupRoutes,
];
