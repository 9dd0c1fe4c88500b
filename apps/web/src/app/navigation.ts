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
  IconDeviceMobileMessage,
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
import type { NavGroupId } from './route-table';

export interface NavLinkDef {
  /** Screen id; the label is `shell:nav.links.<id>`. */
  id: string;
  to: string;
  icon: Icon;
}

export interface NavGroupDef {
  /** The label is `shell:nav.groups.<id>`. */
  id: NavGroupId;
  icon: Icon;
  links: NavLinkDef[];
}

export const NAV_HOME: NavLinkDef = { id: 'home', to: '/dashboard', icon: IconHome };

/** The five sidebar groups of spec §2, with a link to every list screen in them. */
export const NAV_GROUPS: readonly NavGroupDef[] = [
  {
    id: 'accounting',
    icon: IconCalculator,
    links: [
      { id: 'articles', to: '/dashboard/acounting/article', icon: IconArticle },
      { id: 'contracts', to: '/dashboard/acounting/contracts', icon: IconFileDollar },
      { id: 'invoices', to: '/dashboard/acounting/invoices', icon: IconFileInvoice },
      { id: 'customers', to: '/dashboard/acounting/customers', icon: IconAddressBook },
      { id: 'statistics', to: '/dashboard/acounting/statistics', icon: IconChartBar },
      { id: 'duplicates', to: '/dashboard/duplicates', icon: IconCopy },
    ],
  },
  {
    id: 'golf',
    icon: IconGolf,
    links: [
      { id: 'members', to: '/dashboard/golfrelated/members', icon: IconUsersGroup },
      { id: 'memberCategories', to: '/dashboard/golfrelated/member-categories', icon: IconTags },
      { id: 'git', to: '/dashboard/golfrelated/git', icon: IconRefresh },
      { id: 'invoicePayment', to: '/dashboard/golfrelated/invoice-payment', icon: IconCreditCard },
      { id: 'receipts', to: '/dashboard/golfrelated/receipts', icon: IconReceipt },
      { id: 'fees', to: '/dashboard/golfrelated/fees', icon: IconReceiptTax },
      { id: 'exports', to: '/dashboard/golfrelated/exports', icon: IconFileExport },
    ],
  },
  {
    id: 'configuration',
    icon: IconSettings,
    links: [
      { id: 'integrations', to: '/dashboard/configuration/integrations', icon: IconPlugConnected },
      { id: 'configurationSettings', to: '/dashboard/configuration/settings', icon: IconBuildingBank },
      { id: 'users', to: '/dashboard/configuration/users', icon: IconUsers },
      { id: 'configurationEventLog', to: '/dashboard/configuration/eventLog', icon: IconHistory },
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
    links: [
      { id: 'emailSendouts', to: '/dashboard/membercare/email-sendouts', icon: IconMail },
      { id: 'emailTemplates', to: '/dashboard/membercare/email-templates', icon: IconTemplate },
      { id: 'smsSendouts', to: '/dashboard/membercare/sms-sendouts', icon: IconMessage },
      { id: 'smsPlans', to: '/dashboard/membercare/sms-plans', icon: IconMessageCircle },
      { id: 'customerCare', to: '/dashboard/customer-care', icon: IconDeviceMobileMessage },
    ],
  },
];

/** A link is active on its own page and on every page below it or belonging to it. */
export function isLinkActive(link: NavLinkDef, pathname: string, screen?: { id: string; parent?: string }): boolean {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  const to = link.to.toLowerCase();
  if (link.to === NAV_HOME.to) return path === to;
  if (path === to || path.startsWith(`${to}/`)) return true;
  return screen !== undefined && (screen.id === link.id || screen.parent === link.id);
}
