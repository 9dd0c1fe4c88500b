import type { Brand } from '@fairway/shared';

/**
 * Video guides, dashboard screenshots and contextual help texts the product ships with. The video,
 * poster and caption files are made by apps/server/scripts/make-video-guides.sh from real screenshots
 * of the product; the chapters below are the ones that script puts on screen (keep them in step).
 */

type Text = { sv: string; en: string };

export interface VideoGuideSeed {
  brand: Brand;
  slug: string;
  title: Text;
  description: Text;
  durationSeconds: number;
  chapters: { start: number; title: Text }[];
}

export const VIDEO_GUIDE_SEED: readonly VideoGuideSeed[] = [
  {
    brand: 'fairway',
    slug: 'koppla-fortnox',
    title: { sv: 'Koppla Fortnox', en: 'Connect Fortnox' },
    description: {
      sv: 'Koppla klubbens Fortnox till Fairway på under en minut, och se hur du vet att kopplingen fungerar.',
      en: 'Connect the club’s Fortnox to Fairway in under a minute, and see how you know the connection works.',
    },
    durationSeconds: 24,
    chapters: [
      { start: 0, title: { sv: 'Öppna Integrationer', en: 'Open Integrations' } },
      { start: 6, title: { sv: 'Logga in hos Fortnox', en: 'Log in at Fortnox' } },
      { start: 12, title: { sv: 'Godkänn Fairway', en: 'Approve Fairway' } },
      { start: 18, title: { sv: 'Kopplingen är aktiv', en: 'The connection is active' } },
    ],
  },
  {
    brand: 'fairway',
    slug: 'synka-fakturaomgang',
    title: { sv: 'Synka en fakturaomgång från GIT', en: 'Sync an invoice batch from GIT' },
    description: {
      sv: 'Välj en fakturaomgång i GIT, synka den till bokföringsprogrammet och läs resultatet i transaktionsloggen.',
      en: 'Choose an invoice batch in GIT, sync it to the accounting program and read the result in the transaction log.',
    },
    durationSeconds: 24,
    chapters: [
      { start: 0, title: { sv: 'Fakturaomgångar i GIT', en: 'Invoice batches in GIT' } },
      { start: 6, title: { sv: 'Välj omgång och synka', en: 'Choose a batch and sync' } },
      { start: 12, title: { sv: 'Fakturorna i bokföringen', en: 'The invoices in the books' } },
      { start: 18, title: { sv: 'Läs transaktionsloggen', en: 'Read the transaction log' } },
    ],
  },
  {
    brand: 'fairway',
    slug: 'skicka-kvitton',
    title: { sv: 'Skicka kvitton', en: 'Send receipts' },
    description: {
      sv: 'Skicka kvitton till medlemmar vars fakturor blivit helt betalda de senaste 90 dagarna, och se vilka som gått iväg.',
      en: 'Send receipts to members whose invoices were fully paid in the last 90 days, and see which went out.',
    },
    durationSeconds: 18,
    chapters: [
      { start: 0, title: { sv: 'Betalda fakturor', en: 'Paid invoices' } },
      { start: 6, title: { sv: 'Välj och skicka', en: 'Select and send' } },
      { start: 12, title: { sv: 'Kvittots status', en: 'Receipt status' } },
    ],
  },
];

export interface ScreenshotSeed {
  brand: Brand;
  src: string;
  width: number;
  height: number;
  alt: Text;
  caption: Text;
}

export const SCREENSHOT_SEED: readonly ScreenshotSeed[] = [
  {
    brand: 'fairway',
    src: '/media/screenshots/dashboard.webp',
    width: 1366,
    height: 1124,
    alt: {
      sv: 'Fairways startsida med fakturerat denna månad, obetalda fakturor, nya medlemmar och ett diagram över fakturerat',
      en: 'Fairway’s home page with billed this month, unpaid invoices, new members and a chart of amounts billed',
    },
    caption: {
      sv: 'Startsidan: månadens fakturering, obetalda fakturor och nya medlemmar på ett ställe.',
      en: 'The home page: this month’s billing, unpaid invoices and new members in one place.',
    },
  },
  {
    brand: 'fairway',
    src: '/media/screenshots/git-invoice-batches.webp',
    width: 1280,
    height: 720,
    alt: {
      sv: 'GIT-sidan med fakturaomgångarna från GIT: fakturadatum, förfallodatum, antal underlag, totalt och betalt',
      en: 'The GIT page with the invoice batches from GIT: invoice date, due date, number of bases, total and paid',
    },
    caption: {
      sv: 'Fakturaomgångarna från GIT blir fakturor i bokföringsprogrammet med ett klick.',
      en: 'The invoice batches from GIT become invoices in the accounting program with one click.',
    },
  },
  {
    brand: 'fairway',
    src: '/media/screenshots/integrations.webp',
    width: 1280,
    height: 720,
    alt: {
      sv: 'Integrationer: Fortnox anslutet med tid för senaste uppdatering, GIT, SMS och e-post',
      en: 'Integrations: Fortnox connected with the time of the latest update, GIT, SMS and e-mail',
    },
    caption: {
      sv: 'Fortnox, Visma eEkonomi eller Visma Administration – anslutet på en minut.',
      en: 'Fortnox, Visma eEkonomi or Visma Administration – connected in a minute.',
    },
  },
  {
    brand: 'fairway',
    src: '/media/screenshots/receipts.webp',
    width: 1280,
    height: 720,
    alt: {
      sv: 'Kvitton: betalda fakturor med kund, betaldatum, belopp och om kvittot är skickat',
      en: 'Receipts: paid invoices with customer, payment date, amount and whether the receipt was sent',
    },
    caption: {
      sv: 'Kvitton till alla som betalat, skickade med ett klick.',
      en: 'Receipts to everyone who has paid, sent with one click.',
    },
  },
];

export interface HelpTextSeed {
  brand: Brand;
  key: string;
  text: Text;
}

const fairway = (key: string, sv: string, en: string): HelpTextSeed => ({ brand: 'fairway', key, text: { sv, en } });

export const HELP_TEXT_SEED: readonly HelpTextSeed[] = [
  fairway(
    'git.settings.autoSync',
    'Läser ändringar i GIT regelbundet under dagen och gör en fullständig genomgång en gång per dygn.',
    'Reads changes in GIT regularly during the day and makes a full pass once a day.',
  ),
  fairway(
    'git.settings.autoMarkPaid',
    'När en faktura är helt betald i bokföringsprogrammet markeras den som betald i GIT, så att medlemskapet aktiveras.',
    'When an invoice is fully paid in the accounting program it is marked paid in GIT, so the membership activates.',
  ),
  fairway(
    'git.settings.startDates',
    'Betalningar och krediteringar före dessa datum rapporteras inte. Sätt dem till dagen efter ert förra verktygs sista körning.',
    'Payments and credits before these dates are not reported. Set them to the day after your previous tool’s last run.',
  ),
  fairway(
    'git.settings.partiallyPaid',
    'Räkna även delbetalda fakturor som betalda i GIT. Lämna avslaget om medlemskapet bara ska aktiveras vid full betalning.',
    'Count partly paid invoices as paid in GIT too. Leave it off if the membership should only activate on full payment.',
  ),
  fairway(
    'receipts.list',
    'Här visas fakturor som blivit helt betalda de senaste 90 dagarna.',
    'Invoices fully paid in the last 90 days are shown here.',
  ),
  fairway(
    'integrations.vismaAdministration',
    'Visma Administration nås via en connector som installeras på datorn där programmet körs. Datorn måste vara igång vid synk.',
    'Visma Administration is reached through a connector installed on the computer that runs it. The computer must be on while syncing.',
  ),
  fairway(
    'configurations.autoPauseDays',
    'Antal dagar efter förfallodagen då en obetald faktura pausas och inte längre påminns.',
    'Days after the due date when an unpaid invoice is paused and no longer reminded.',
  ),
  fairway(
    'members.familyTree',
    'Betalaren får familjens faktura. Familjens avgiftsregel bestämmer rabatten.',
    'The payer receives the family’s invoice. The family’s fee rule decides the discount.',
  ),
  fairway(
    'support.buyHours',
    'Personlig support kostar 1 500 kr exkl. moms per timme, i decimaltimmar. Timmarna läggs på nästa faktura.',
    'Personal support costs 1,500 SEK ex VAT per hour, in decimal hours. The hours are added to your next invoice.',
  ),
  {
    brand: 'dubbelkoll',
    key: 'duplicates.compareFields',
    text: {
      sv: 'Dokument som stämmer på alla valda fält visas som en dubblettgrupp.',
      en: 'Documents that agree on all chosen fields are shown as a duplicate group.',
    },
  },
];
