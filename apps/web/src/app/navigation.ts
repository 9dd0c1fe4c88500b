import type { Scope } from '@fairway/shared';
import type { Brand } from '@fairway/shared/constants';
import {
  type Icon,
  IconAddressBook,
  IconArticle,
  IconBook2,
  IconBuildingBank,
  IconCalculator,
  IconChartBar,
  IconCopy,
  IconCreditCard,
  IconFileDollar,
  IconFileExport,
  IconFileInvoice,
  IconGolf,
  IconHeadset,
  IconHelpCircle,
  IconHistory,
  IconHome,
  IconMail,
  IconMessage,
  IconMessageCircle,
  IconMovie,
  IconPlugConnected,
  IconReceipt,
  IconReceiptTax,
  IconRefresh,
  IconSettings,
  IconTags,
  IconTemplate,
  IconUserHeart,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { brand as currentBrand } from './brand';
import type { NavGroupId } from './route-table';

export interface NavLinkDef {
  /** Screen id; the label is `shell:nav.links.<id>`. */
  id: string;
  to: string;
  icon: Icon;
  /** The scope a user needs to see the link (the server refuses the screen's calls without it). */
  scope?: Scope;
  /** Other addresses of the same page: the link is active there too, and no second link leads there. */
  alsoAt?: readonly string[];
  /**
   * The product module the organisation needs for the page (`subscription/my_modules`,
   * docs/subscriptions.md#packages): without it the server refuses the page's calls.
   */
  module?: string;
}

export interface NavGroupDef {
  /** The label is `shell:nav.groups.<id>`. */
  id: NavGroupId;
  icon: Icon;
  links: NavLinkDef[];
  /** The brands whose dashboard has the group (docs/brands.md); every brand when left out. */
  brands?: readonly Brand[];
}

export const NAV_HOME: NavLinkDef = { id: 'home', to: '/dashboard', icon: IconHome };

/** Dubbelkoll's home is its duplicates page: `/dashboard` leads there (docs/brands.md#dubbelkoll). */
const DUBBELKOLL_HOME: NavLinkDef = { id: 'duplicates', to: '/dashboard/duplicates', icon: IconCopy };

/** The first link of the sidebar and where `/dashboard` leads: the brand's home. */
export function navHome(brand: Brand = currentBrand.id): NavLinkDef {
  return brand === 'dubbelkoll' ? DUBBELKOLL_HOME : NAV_HOME;
}

/** The five sidebar groups (docs/web-app.md#routes), with a link to every list screen in them. */
export const NAV_GROUPS: readonly NavGroupDef[] = [
  {
    id: 'accounting',
    icon: IconCalculator,
    brands: ['fairway'],
    links: [
      { id: 'articles', to: '/dashboard/acounting/article', icon: IconArticle, scope: 'articles.read' },
      { id: 'contracts', to: '/dashboard/acounting/contracts', icon: IconFileDollar, scope: 'contracts.read' },
      { id: 'invoices', to: '/dashboard/acounting/invoices', icon: IconFileInvoice, scope: 'invoices.read' },
      { id: 'customers', to: '/dashboard/acounting/customers', icon: IconAddressBook, scope: 'customers.read' },
      { id: 'statistics', to: '/dashboard/acounting/statistics', icon: IconChartBar, scope: 'statistics.read' },
      { id: 'duplicates', to: '/dashboard/duplicates', icon: IconCopy, scope: 'duplicates.read', module: 'duplicates' },
    ],
  },
  {
    id: 'golf',
    icon: IconGolf,
    brands: ['fairway'],
    links: [
      { id: 'members', to: '/dashboard/golfrelated/members', icon: IconUsersGroup, scope: 'members.read' },
      { id: 'memberCategories', to: '/dashboard/golfrelated/member-categories', icon: IconTags, scope: 'members.read' },
      { id: 'git', to: '/dashboard/golfrelated/git', icon: IconRefresh, scope: 'git.read' },
      { id: 'invoicePayment', to: '/dashboard/golfrelated/invoice-payment', icon: IconCreditCard, scope: 'receipts.read' },
      { id: 'receipts', to: '/dashboard/golfrelated/receipts', icon: IconReceipt, scope: 'receipts.read' },
      { id: 'fees', to: '/dashboard/golfrelated/fees', icon: IconReceiptTax, scope: 'fees.read' },
      { id: 'exports', to: '/dashboard/golfrelated/exports', icon: IconFileExport, scope: 'exports.read' },
    ],
  },
  {
    id: 'configuration',
    icon: IconSettings,
    links: [
      { id: 'integrations', to: '/dashboard/configuration/integrations', icon: IconPlugConnected, scope: 'integrations.manage' },
      { id: 'configurationSettings', to: '/dashboard/configuration/settings', icon: IconBuildingBank, scope: 'company.read' },
      { id: 'users', to: '/dashboard/configuration/users', icon: IconUsers, scope: 'users.read' },
      { id: 'configurationEventLog', to: '/dashboard/configuration/eventLog', icon: IconHistory, scope: 'eventlog.read' },
    ],
  },
  {
    id: 'help',
    icon: IconHelpCircle,
    links: [
      { id: 'helpFaq', to: '/dashboard/help/faq', icon: IconBook2 },
      { id: 'support', to: '/dashboard/help/support', icon: IconHeadset },
      { id: 'videoGuides', to: '/dashboard/help/video-guides', icon: IconMovie },
    ],
  },
  {
    id: 'memberCare',
    icon: IconUserHeart,
    brands: ['fairway'],
    links: [
      { id: 'emailSendouts', to: '/dashboard/membercare/email-sendouts', icon: IconMail, scope: 'membercare.read' },
      { id: 'emailTemplates', to: '/dashboard/membercare/email-templates', icon: IconTemplate, scope: 'membercare.read' },
      { id: 'smsSendouts', to: '/dashboard/membercare/sms-sendouts', icon: IconMessage, scope: 'membercare.read' },
      {
        id: 'smsPlans',
        to: '/dashboard/membercare/sms-plans',
        icon: IconMessageCircle,
        scope: 'membercare.read',
        alsoAt: ['/dashboard/customer-care'],
      },
    ],
  },
];

export interface NavContext {
  /** The brand whose dashboard it is; the running one by default. */
  brand?: Brand;
  /** The organisation's modules (`subscription/my_modules`); left out, modules are not asked. */
  modules?: readonly string[];
}

/**
 * The groups and links a user with these scopes may see in this brand's dashboard, leaving out
 * pages of modules the organisation does not have; groups left without links are dropped.
 * Dubbelkoll's dashboard has no golf-portal groups: its home, the configuration and help.
 */
export function visibleNavGroups(scopes: readonly string[], context: NavContext = {}): NavGroupDef[] {
  const brand = context.brand ?? currentBrand.id;
  const { modules } = context;
  const shows = (l: NavLinkDef) =>
    (!l.scope || scopes.includes(l.scope)) && (!l.module || modules === undefined || modules.includes(l.module));
  return NAV_GROUPS.filter((group) => !group.brands || group.brands.includes(brand))
    .map((group) => ({ ...group, links: group.links.filter(shows) }))
    .filter((group) => group.links.length > 0);
}

/** A link is active on its own page and on every page below it or belonging to it. */
export function isLinkActive(link: NavLinkDef, pathname: string, screen?: { id: string; parent?: string }): boolean {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  const to = link.to.toLowerCase();
  if (link.to === NAV_HOME.to) return path === to;
  for (const at of [to, ...(link.alsoAt ?? []).map((p) => p.toLowerCase())]) {
    if (path === at || path.startsWith(`${at}/`)) return true;
  }
  return screen !== undefined && (screen.id === link.id || screen.parent === link.id);
}
