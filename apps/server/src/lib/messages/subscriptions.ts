import { ONLY_OWNER_MANAGES_SUBSCRIPTION } from '@fairway/shared';
import type { MessageDictionary } from './types';

/** Messages of subscriptions and billings. */
export const subscriptionsMessages = {
  'subscriptions.onlyOwner': { ...ONLY_OWNER_MANAGES_SUBSCRIPTION },
  'subscriptions.unknownPackage': {
    sv: 'Paketet finns inte',
    en: 'The package does not exist',
  },
  'subscriptions.samePackage': {
    sv: 'Ni har redan paketet {package}',
    en: 'You already have the {package} package',
  },
  'subscriptions.requestPending': {
    sv: 'Det finns redan en väntande begäran om byte till paketet {package}',
    en: 'A request to change to the {package} package is already pending',
  },
  'subscriptions.cancelPending': {
    sv: 'En uppsägning av abonnemanget väntar redan',
    en: 'A cancellation of the subscription is already pending',
  },
  'subscriptions.paymentPlanPending': {
    sv: 'Det finns redan en väntande begäran om byte av betalplan',
    en: 'A change of payment plan is already pending',
  },
  'subscriptions.samePaymentPlan': {
    sv: 'Abonnemanget har redan den betalplanen',
    en: 'The subscription already has that payment plan',
  },
  'subscriptions.unknownSmsPlan': {
    sv: 'SMS-planen finns inte',
    en: 'The SMS plan does not exist',
  },
  'subscriptions.keepListsRequired': {
    sv: 'Välj vilka användare och klubbkonton som ska behållas vid nedgraderingen',
    en: 'Choose which users and club accounts to keep when downgrading',
  },
  'subscriptions.tooManyUsersKept': {
    sv: 'Paketet {package} omfattar högst {max} användare. Välj högst {max} användare att behålla.',
    en: 'The {package} package includes at most {max} users. Choose at most {max} users to keep.',
  },
  'subscriptions.tooManyClubAccountsKept': {
    sv: 'Paketet {package} omfattar högst {max} klubbkonton. Välj högst {max} klubbkonton att behålla.',
    en: 'The {package} package includes at most {max} club accounts. Choose at most {max} club accounts to keep.',
  },
  'subscriptions.keepAtLeastOneClubAccount': {
    sv: 'Minst ett klubbkonto måste behållas',
    en: 'At least one club account must be kept',
  },
  'subscriptions.mustKeepSelf': {
    sv: 'Du kan inte ta bort dig själv vid nedgraderingen',
    en: 'You cannot remove yourself when downgrading',
  },
  'subscriptions.unknownKeep': {
    sv: 'Någon av de valda användarna eller klubbkontona tillhör inte organisationen',
    en: 'One of the chosen users or club accounts does not belong to the organisation',
  },
  'subscriptions.invoiceQuotaExceeded': {
    sv: 'Paketet {package} omfattar upp till {limit} fakturor/månad och {used} är redan skapade denna månad. Uppgradera abonnemanget under Inställningar → Abonnemang för att skapa fler fakturor.',
    en: 'The {package} package includes up to {limit} invoices/month and {used} have already been created this month. Upgrade your subscription under Settings → Subscription to create more invoices.',
  },
  'subscriptions.smsQuotaExceeded': {
    sv: 'Utskicket behöver {wanted} sms men SMS-planen har bara {remaining} kvar denna månad. Välj en större SMS-plan eller färre mottagare.',
    en: 'The send-out needs {wanted} SMS but the SMS plan has only {remaining} left this month. Choose a larger SMS plan or fewer recipients.',
  },
  'subscriptions.moduleNotIncluded': {
    sv: '{module} ingår inte i paketet {package}. Modulen ingår från paketet {required}: uppgradera abonnemanget under Inställningar → Abonnemang.',
    en: '{module} is not included in the {package} package. The module is included from the {required} package: upgrade your subscription under Settings → Subscription.',
  },
  'subscriptions.module.invoicing': { sv: 'Fakturering', en: 'Invoicing' },
  'subscriptions.module.customers-articles': { sv: 'Kunder och artiklar', en: 'Customers and articles' },
  'subscriptions.module.contracts': { sv: 'Avtal', en: 'Contracts' },
  'subscriptions.module.git-members': { sv: 'GIT-medlemmar och avgifter', en: 'GIT members and fees' },
  'subscriptions.module.member-care': { sv: 'Medlemsvård och nyhetsbrev', en: 'Member care and newsletters' },
  'subscriptions.module.sms': { sv: 'SMS-utskick', en: 'SMS sendouts' },
  'subscriptions.module.statistics': { sv: 'Statistik', en: 'Statistics' },
  'subscriptions.module.duplicates': { sv: 'Dubblettkontroll', en: 'Duplicate detection' },
  'subscriptions.module.api-automation': { sv: 'API och automatisk synkronisering', en: 'API and automatic sync' },
  'subscriptions.unknownTier': { sv: 'Nivån finns inte', en: 'The tier does not exist' },
  'subscriptions.noTier': {
    sv: 'Abonnemanget har ingen Dubbelkoll-nivå att byta',
    en: 'The subscription has no Dubbelkoll tier to change',
  },
  'subscriptions.tierNotPackage': {
    sv: 'Ett Dubbelkoll-abonnemang byter nivå, inte paket',
    en: 'A Dubbelkoll subscription changes tier, not package',
  },
  'subscriptions.sameTier': { sv: 'Ni har redan nivån {tier}', en: 'You already have the {tier} tier' },
  'subscriptions.tierRequestPending': {
    sv: 'Det finns redan en väntande begäran om byte till nivån {tier}',
    en: 'A request to change to the {tier} tier is already pending',
  },
  'subscriptions.tierTooSmallForUsers': {
    sv: 'Nivån {tier} omfattar högst {max} användare och ni har {used}. Ta bort användare under Användare innan ni byter nivå.',
    en: 'The {tier} tier includes at most {max} users and you have {used}. Remove users under Users before changing tier.',
  },
  'subscriptions.tierTooSmallForCompanies': {
    sv: 'Nivån {tier} omfattar högst {max} anslutna företag och ni har {used}. Koppla från företag under Integrationer innan ni byter nivå.',
    en: 'The {tier} tier includes at most {max} connected companies and you have {used}. Disconnect companies under Integrations before changing tier.',
  },
  'subscriptions.tierUserLimitReached': {
    sv: 'Nivån {tier} omfattar högst {max} användare. Byt till en större nivå under Inställningar → Abonnemang för att bjuda in fler användare.',
    en: 'The {tier} tier includes at most {max} users. Change to a larger tier under Settings → Subscription to invite more users.',
  },
  'subscriptions.tierCompanyLimitReached': {
    sv: 'Nivån {tier} omfattar högst {max} anslutna företag. Byt till en större nivå under Inställningar → Abonnemang, eller koppla från ett annat företag, för att ansluta fler.',
    en: 'The {tier} tier includes at most {max} connected companies. Change to a larger tier under Settings → Subscription, or disconnect another company, to connect more.',
  },
  'subscriptions.duplicateDocumentsExceeded': {
    sv: '{name} omfattar upp till {limit} kontrollerade dokument/månad och {used} är redan kontrollerade denna månad. Byt till en större nivå under Inställningar → Abonnemang för att kontrollera fler.',
    en: '{name} includes up to {limit} checked documents/month and {used} have already been checked this month. Change to a larger tier under Settings → Subscription to check more.',
  },
  'subscriptions.event.tierRequested': {
    sv: '{name} begärde byte från nivån {from} till {tier}',
    en: '{name} requested a change from the {from} tier to {tier}',
  },
  'subscriptions.event.tierChanged': {
    sv: 'Nivån ändrades från {from} till {tier}',
    en: 'The tier changed from {from} to {tier}',
  },
  'subscriptions.event.packageRequested': {
    sv: '{name} begärde byte från paketet {from} till {package}',
    en: '{name} requested a change from the {from} package to {package}',
  },
  'subscriptions.event.downgradeRemoved': {
    sv: 'Nedgraderingen till {package} tog bort {users} användare och {clubAccounts} klubbkonton',
    en: 'The downgrade to {package} removed {users} users and {clubAccounts} club accounts',
  },
  'subscriptions.event.cancelRequested': {
    sv: '{name} sade upp abonnemanget; det avslutas {date}',
    en: '{name} cancelled the subscription; it ends on {date}',
  },
  'subscriptions.event.paymentPlanRequested': {
    sv: '{name} begärde byte av betalplan från {date}',
    en: '{name} requested another payment plan from {date}',
  },
  'subscriptions.event.smsPlanChanged': {
    sv: '{name} valde SMS-planen {plan}',
    en: '{name} chose the SMS plan {plan}',
  },
  'subscriptions.event.smsPlanRemoved': {
    sv: '{name} tog bort SMS-planen',
    en: '{name} removed the SMS plan',
  },
  'subscriptions.event.packageChanged': {
    sv: 'Paketet ändrades från {from} till {package}',
    en: 'The package changed from {from} to {package}',
  },
  'subscriptions.event.paymentPlanChanged': {
    sv: 'Den nya betalplanen gäller från och med i dag',
    en: 'The new payment plan applies from today',
  },
  'subscriptions.event.renewed': {
    sv: 'Abonnemanget förnyades för perioden {start} – {end}',
    en: 'The subscription was renewed for {start} – {end}',
  },
  'subscriptions.event.billingCreated': {
    sv: 'Faktura {number} från oss skapades, att betala {amount} kr senast {due}',
    en: 'Invoice {number} from us was created, SEK {amount} due on {due}',
  },
} as const satisfies MessageDictionary;
