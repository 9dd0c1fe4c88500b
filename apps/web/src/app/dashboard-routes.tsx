import { type RouteObject, redirect } from 'react-router';
import { i18n, loadAllNamespaces } from '../lib/i18n';
import { lazyPage } from '../lib/lazy-route';
import { brand } from './brand';
import { DASHBOARD_FRAME_NAMESPACES, DASHBOARD_HOME_NAMESPACES } from './dashboard-texts';
import { SCREENS } from './route-table';
import { requireSession } from './session/guard';

const outlinePage = lazyPage(() => import('../components/screen-outline-page'));
const eventLogPage = lazyPage(() => import('../features/eventlogs/pages/event-log-page'));
const smsPlansPage = lazyPage(() => import('../features/subscriptions/pages/sms-plans-page'));
const customerSegmentPage = lazyPage(() => import('../features/segments/pages/customer-segment-page'));
const articleSegmentPage = lazyPage(() => import('../features/segments/pages/article-segment-page'));
const customerPage = lazyPage(() => import('../features/customers/pages/customer-page'));
const articlePage = lazyPage(() => import('../features/articles/pages/article-page'));
const contractPage = lazyPage(() => import('../features/contracts/pages/contract-page'));
const invoicePage = lazyPage(() => import('../features/invoices/pages/invoice-page'));
const helpFaqPage = lazyPage(() => import('../features/help/pages/help-faq-page'));
const emailTemplateEditorPage = lazyPage(() => import('../features/member-care/pages/email-template-editor-page'));

/**
 * The dashboard's routes (docs/web-app.md#routes): the `vertical` layout behind the navigation
 * guard. Not in the first load of a public page: app/router.tsx adds them to the route tree on the
 * first navigation into /dashboard. Pages are loaded on demand.
 */
export const dashboardRoute: RouteObject = {
  path: 'dashboard',
  loader: requireSession,
  // The guard runs on every move to another dashboard page, as docs/web-app.md#guard describes; switching
  // a tab (only the query changes) does not ask the server again.
  shouldRevalidate: ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
    currentUrl.pathname !== nextUrl.pathname || defaultShouldRevalidate,
  // The frame's texts arrive together with its layout, the home page's with the page
  // (app/dashboard-texts.ts); every other page waits for all of them (see loadAllNamespaces).
  lazy: lazyPage(() =>
    Promise.all([import('./layouts/vertical-layout'), i18n.loadNamespaces(DASHBOARD_FRAME_NAMESPACES)]).then(
      ([layout]) => layout,
    ),
  ),
  children: [
    // The brand's home: Fairway's dashboard, Dubbelkoll's duplicates (docs/brands.md).
    brand.dashboardHome === '/dashboard'
      ? {
          index: true,
          // Its calls start once the current user is known, while its code and texts load
          // (should that fail, the page asks itself).
          loader: () => {
            void import('../features/dashboard/api/prefetch-dashboard-home')
              .then((m) => m.prefetchDashboardHome())
              .catch(() => undefined);
            return null;
          },
          lazy: lazyPage(() =>
            Promise.all([
              import('../features/dashboard/pages/dashboard-home-page'),
              i18n.loadNamespaces(DASHBOARD_HOME_NAMESPACES),
            ]).then(([page]) => page),
          ),
        }
      : { index: true, loader: () => redirect(brand.dashboardHome) },
    {
      // The other pages, which borrow texts across features, wait for every namespace.
      loader: () => loadAllNamespaces().then(() => null),
      shouldRevalidate: () => false,
      children: [
        { path: 'prototype', lazy: lazyPage(() => import('./pages/account-settings-page')) },
        { path: 'PrototypeModal1', lazy: lazyPage(() => import('./pages/account-settings-modal-page')) },
        { path: 'settings', lazy: lazyPage(() => import('../features/configurations/pages/configurations-page')) },
        {
          path: 'configuration/integrations',
          lazy: lazyPage(() => import('../features/integrations/pages/integrations-page')),
        },
        { path: 'access-denied', lazy: lazyPage(() => import('./pages/access-denied-page')) },
        { path: 'event-log', lazy: eventLogPage },
        { path: 'configuration/eventLog', lazy: eventLogPage },
        { path: 'configuration/users', lazy: lazyPage(() => import('./pages/users-and-permissions-page')) },
        { path: 'configuration/settings', lazy: lazyPage(() => import('./pages/settings-and-subscription-page')) },
        { path: 'customer-care', lazy: smsPlansPage },
        { path: 'membercare/sms-plans', lazy: smsPlansPage },
        {
          path: 'membercare/email-sendouts',
          lazy: lazyPage(() => import('../features/member-care/pages/email-sendouts-page')),
        },
        {
          path: 'membercare/sms-sendouts',
          lazy: lazyPage(() => import('../features/member-care/pages/sms-sendouts-page')),
        },
        {
          path: 'membercare/email-templates',
          lazy: lazyPage(() => import('../features/member-care/pages/email-templates-page')),
        },
        {
          path: 'membercare/create-email-template',
          lazy: emailTemplateEditorPage,
          // Keeps "E-mail templates" marked in the sidebar.
          handle: {
            screen: {
              id: 'createEmailTemplate',
              path: 'membercare/create-email-template',
              group: 'memberCare',
              parent: 'emailTemplates',
            },
          },
        },
        {
          path: 'membercare/edit-email-template/:uuid',
          lazy: emailTemplateEditorPage,
          handle: {
            screen: {
              id: 'editEmailTemplate',
              path: 'membercare/edit-email-template/:uuid',
              group: 'memberCare',
              parent: 'emailTemplates',
            },
          },
        },
        { path: 'acounting/customers', lazy: lazyPage(() => import('./pages/customers-and-segments-page')) },
        { path: 'acounting/customers/create', lazy: customerPage },
        { path: 'acounting/customers/edit/:id', lazy: customerPage },
        { path: 'acounting/customers/segment/create', lazy: customerSegmentPage },
        { path: 'acounting/customers/segment/edit/:id', lazy: customerSegmentPage },
        { path: 'acounting/article', lazy: lazyPage(() => import('./pages/articles-and-segments-page')) },
        { path: 'acounting/article/create', lazy: articlePage },
        { path: 'acounting/article/edit/:id', lazy: articlePage },
        { path: 'acounting/contracts', lazy: lazyPage(() => import('../features/contracts/pages/contracts-page')) },
        { path: 'acounting/contracts/create', lazy: contractPage },
        { path: 'acounting/contracts/edit/:id', lazy: contractPage },
        { path: 'acounting/invoices', lazy: lazyPage(() => import('../features/invoices/pages/invoices-page')) },
        { path: 'acounting/invoices/create', lazy: invoicePage },
        { path: 'acounting/invoices/edit/:id', lazy: invoicePage },
        { path: 'acounting/article/segment/create', lazy: articleSegmentPage },
        { path: 'acounting/article/segment/edit/:id', lazy: articleSegmentPage },
        { path: 'acounting/statistics', lazy: lazyPage(() => import('../features/statistics/pages/statistics-page')) },
        { path: 'golfrelated/members', lazy: lazyPage(() => import('../features/members/pages/members-page')) },
        {
          path: 'golfrelated/members/detail/:uuid',
          lazy: lazyPage(() => import('../features/members/pages/member-detail-page')),
        },
        {
          path: 'golfrelated/create-member',
          lazy: lazyPage(() => import('../features/members/pages/create-member-page')),
          // Keeps "Members" marked in the sidebar.
          handle: { screen: { id: 'createMember', path: 'golfrelated/create-member', group: 'golf', parent: 'members' } },
        },
        {
          path: 'golfrelated/member-categories',
          lazy: lazyPage(() => import('../features/members/pages/member-categories-page')),
        },
        { path: 'golfrelated/receipts', lazy: lazyPage(() => import('../features/receipts/pages/receipts-page')) },
        {
          path: 'golfrelated/invoice-payment',
          lazy: lazyPage(() => import('../features/receipts/pages/invoice-payment-page')),
        },
        { path: 'golfrelated/fees', lazy: lazyPage(() => import('../features/fees/pages/fees-page')) },
        { path: 'golfrelated/exports', lazy: lazyPage(() => import('../features/exports/pages/exports-page')) },
        { path: 'golfrelated/git', lazy: lazyPage(() => import('../features/git/pages/git-page')) },
        {
          path: 'golfrelated/git/invoice-occasions/:invoice_id',
          lazy: lazyPage(() => import('../features/git/pages/git-occasion-page')),
          // Keeps "GIT" marked in the sidebar.
          handle: {
            screen: {
              id: 'gitInvoiceOccasion',
              path: 'golfrelated/git/invoice-occasions/:invoice_id',
              group: 'golf',
              parent: 'git',
            },
          },
        },
        { path: 'help/support', lazy: lazyPage(() => import('../features/support/pages/support-page')) },
        // The user dropdown's FAQ and the sidebar's Help › FAQ are the same page.
        { path: 'faq', lazy: helpFaqPage },
        { path: 'help/faq', lazy: helpFaqPage },
        { path: 'help/video-guides', lazy: lazyPage(() => import('../features/help/pages/video-guides-page')) },
        // Dubbelkoll (docs/duplicates.md#screens).
        { path: 'duplicates', lazy: lazyPage(() => import('../features/duplicates/pages/duplicates-home-page')) },
        {
          path: 'duplicates/:resource',
          lazy: lazyPage(() => import('../features/duplicates/pages/duplicates-resource-page')),
        },
        {
          path: 'duplicates/detail/:id',
          lazy: lazyPage(() => import('../features/duplicates/pages/duplicate-detail-page')),
        },
        ...SCREENS.map((screen) => ({ path: screen.path, lazy: outlinePage, handle: { screen } })),
      ],
    },
  ],
};
