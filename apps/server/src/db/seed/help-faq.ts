import type { Brand } from '@fairway/shared';

/**
 * The FAQ the product ships with, in Swedish and English. Prices and terms are those of docs/subscriptions.md;
 * keep them in step with the price page when they change.
 */

export interface FaqSeed {
  question: { sv: string; en: string };
  answer: { sv: string; en: string };
  showOnLanding?: boolean;
}

export interface FaqCategorySeed {
  brand: Brand;
  slug: string;
  name: { sv: string; en: string };
  entries: FaqSeed[];
}

export const FAQ_SEED: readonly FaqCategorySeed[] = [
  {
    brand: 'fairway',
    slug: 'kom-igang',
    name: { sv: 'Kom igång', en: 'Getting started' },
    entries: [
      {
        question: { sv: 'Hur lång tid tar det att komma igång?', en: 'How long does it take to get started?' },
        answer: {
          sv: 'Själva registreringen tar ungefär fem minuter: välj paket, bokföringsprogram och din golfklubb. Därefter kopplar du bokföringsprogrammet under Konfiguration → Integrationer och anger GIT-uppgifterna under Golfrelaterat → GIT.\n\nDe flesta klubbar skickar sin första fakturaomgång samma dag. Vill ni ha hjälp kan ni beställa teknisk installation eller en onboarding-genomgång på 30 minuter.',
          en: 'Registering takes about five minutes: choose a package, your accounting program and your golf club. Then connect the accounting program under Configuration → Integrations and enter the GIT details under Golf related → GIT.\n\nMost clubs send their first invoice batch the same day. If you want help, you can order a technical installation or a 30-minute onboarding walkthrough.',
        },
        showOnLanding: true,
      },
      {
        question: { sv: 'Vilka bokföringsprogram fungerar med Fairway?', en: 'Which accounting programs work with Fairway?' },
        answer: {
          sv: 'Fortnox, Visma eEkonomi (numera Bokföring & Fakturering från Spiris) och Visma Administration. Fortnox och Visma eEkonomi kopplas direkt i webbläsaren. Visma Administration körs på en egen dator hos klubben och nås via en liten connector som ni installerar där.',
          en: 'Fortnox, Visma eEkonomi (now Bokföring & Fakturering by Spiris) and Visma Administration. Fortnox and Visma eEkonomi are connected in the browser. Visma Administration runs on a computer at the club and is reached through a small connector you install there.',
        },
        showOnLanding: true,
      },
      {
        question: {
          sv: 'Kan flera i kansliet använda samma konto?',
          en: 'Can several people in the office use the same account?',
        },
        answer: {
          sv: 'Ja. Bjud in kollegor under Konfiguration → Användare och ge var och en en roll: Ägare, Personal, Ekonom eller Övrig. Rollen styr vad personen ser och får ändra. Hur många användare ni kan ha beror på paketet.',
          en: 'Yes. Invite colleagues under Configuration → Users and give each of them a role: Owner, Staff, Accountant or Other. The role decides what they can see and change. How many users you can have depends on your package.',
        },
      },
      {
        question: {
          sv: 'Vi har både klubb och driftbolag. Behöver vi två konton?',
          en: 'We have both a club and an operating company. Do we need two accounts?',
        },
        answer: {
          sv: 'Nej. En organisation kan ha flera klubbkonton, till exempel klubben och driftbolaget, och varje klubbkonto har sin egen koppling till bokföringsprogram och GIT. Du byter klubbkonto i menyn uppe till höger. Antalet klubbkonton beror på paketet.',
          en: 'No. One organisation can hold several club accounts, for example the club and its operating company, and each club account has its own accounting and GIT connection. Switch club account in the menu at the top right. The number of club accounts depends on your package.',
        },
      },
    ],
  },
  {
    brand: 'fairway',
    slug: 'bokforingsprogram',
    name: { sv: 'Koppla bokföringsprogram', en: 'Connecting accounting programs' },
    entries: [
      {
        question: { sv: 'Hur kopplar jag Fortnox?', en: 'How do I connect Fortnox?' },
        answer: {
          sv: 'Gå till Konfiguration → Integrationer och välj Koppla Fortnox. Du skickas till Fortnox, loggar in med en användare som har behörighet till fakturering och godkänner Fairway. Därefter kommer du tillbaka till Fairway och kopplingen visas som aktiv.\n\nKopplingen förnyas automatiskt. Om någon tar bort behörigheten i Fortnox visar Fairway en uppmaning att koppla om.',
          en: 'Go to Configuration → Integrations and choose Connect Fortnox. You are sent to Fortnox, log in with a user allowed to invoice and approve Fairway. You then return to Fairway and the connection shows as active.\n\nThe connection renews itself. If someone removes the permission in Fortnox, Fairway shows a prompt to reconnect.',
        },
        showOnLanding: true,
      },
      {
        question: { sv: 'Hur kopplar jag Visma eEkonomi?', en: 'How do I connect Visma eEkonomi?' },
        answer: {
          sv: 'Under Konfiguration → Integrationer väljer du Koppla Visma eEkonomi och loggar in hos Visma. Fakturor skapas först som utkast i Visma och omvandlas sedan till fakturor, så du kan alltid se vad som skapats innan det skickas.',
          en: 'Under Configuration → Integrations choose Connect Visma eEkonomi and log in at Visma. Invoices are first created as drafts in Visma and then converted, so you can always see what was created before it is sent.',
        },
      },
      {
        question: {
          sv: 'Hur fungerar connectorn för Visma Administration?',
          en: 'How does the connector for Visma Administration work?',
        },
        answer: {
          sv: 'Visma Administration är ett program som körs på en dator hos klubben och kan inte nås från internet. Därför installerar ni en liten connector på samma dator. Den hämtar arbete från Fairway, till exempel fakturor att skapa, och skickar tillbaka resultatet.\n\nDatorn behöver vara igång när ni synkar. Har connectorn inte hört av sig på en stund visar Fairway "Connector offline"; har den aldrig registrerats visar Fairway att installation behövs.',
          en: 'Visma Administration is a program that runs on a computer at the club and cannot be reached from the internet. So you install a small connector on the same computer. It fetches work from Fairway, such as invoices to create, and posts the results back.\n\nThe computer must be on while you sync. If the connector has not checked in for a while, Fairway shows "Connector offline"; if it was never registered, Fairway shows that installation is needed.',
        },
      },
      {
        question: {
          sv: 'Vad betyder "Kopplingen till bokföringsprogrammet har förlorats"?',
          en: 'What does "The connection to the accounting program was lost" mean?',
        },
        answer: {
          sv: 'Bokföringsprogrammet har slutat godkänna Fairways behörighet, oftast för att användaren som kopplade har tagits bort eller lösenordet bytts och behörigheten återkallats. Klicka på Koppla om i meddelandet och logga in igen. Inga data försvinner; synkar som väntar körs när kopplingen är tillbaka.',
          en: 'The accounting program no longer accepts Fairway’s permission, usually because the user who connected was removed or the permission was revoked. Click Reconnect in the notice and log in again. No data is lost; waiting syncs run once the connection is back.',
        },
      },
    ],
  },
  {
    brand: 'fairway',
    slug: 'git',
    name: { sv: 'GIT och fakturaomgångar', en: 'GIT and invoice batches' },
    entries: [
      {
        question: {
          sv: 'Vad händer när jag synkar en fakturaomgång från GIT?',
          en: 'What happens when I sync an invoice batch from GIT?',
        },
        answer: {
          sv: 'Fairway läser fakturaomgången (fakturaomgång) i GIT med dess medlemmar och avgifter. Varje medlem blir eller matchas mot en kund, varje avgift blir eller matchas mot en artikel, och varje medlemsfaktura skapas som faktura i bokföringsprogrammet med OCR-nummer. Du ser resultatet i transaktionsloggen: hur många som skapades, uppdaterades eller hoppades över och varför.',
          en: 'Fairway reads the invoice batch (fakturaomgång) in GIT with its members and fees. Each member becomes or is matched to a customer, each fee becomes or is matched to an article, and each member invoice is created as an invoice in the accounting program with an OCR number. The transaction log shows the result: how many were created, updated or skipped, and why.',
        },
        showOnLanding: true,
      },
      {
        question: { sv: 'Kan Fairway markera fakturor som betalda i GIT?', en: 'Can Fairway mark invoices as paid in GIT?' },
        answer: {
          sv: 'Ja. Slå på "Markera fakturor som betalda automatiskt" under GIT → Inställningar. När en faktura är helt betald i bokföringsprogrammet rapporterar Fairway betalningen till GIT, så att medlemskapet aktiveras utan att någon i kansliet behöver göra det för hand. Krediterade fakturor rapporteras på samma sätt.',
          en: 'Yes. Turn on "Mark invoices as paid automatically" under GIT → Settings. When an invoice is fully paid in the accounting program, Fairway reports the payment to GIT so the membership activates without anyone in the office doing it by hand. Credited invoices are reported the same way.',
        },
        showOnLanding: true,
      },
      {
        question: {
          sv: 'Vi kan inte använda GIT:s API. Finns det ett annat sätt?',
          en: 'We cannot use the GIT API. Is there another way?',
        },
        answer: {
          sv: 'Ja. Exportera fakturaomgången till Excel i GIT och läs in filen under GIT → Importera. Fairway visar kolumnerna, låter dig para ihop dem med rätt fält och skapar sedan fakturorna precis som vid en vanlig synk.',
          en: 'Yes. Export the invoice batch to Excel in GIT and import the file under GIT → Import. Fairway shows the columns, lets you match them to the right fields and then creates the invoices just as in an ordinary sync.',
        },
      },
      {
        question: { sv: 'Hur ofta synkar Fairway med GIT?', en: 'How often does Fairway sync with GIT?' },
        answer: {
          sv: 'Med automatisk synk påslagen läser Fairway ändringar i GIT regelbundet under dagen och gör en fullständig genomgång en gång per dygn. Du kan också starta en synk för hand när som helst. En synk som avbryts fortsätter där den slutade, och samma faktura skapas aldrig två gånger.',
          en: 'With automatic sync turned on, Fairway reads changes in GIT regularly during the day and makes a full pass once a day. You can also start a sync by hand at any time. An interrupted sync continues where it stopped, and the same invoice is never created twice.',
        },
      },
    ],
  },
  {
    brand: 'fairway',
    slug: 'fakturor-och-kvitton',
    name: { sv: 'Fakturor, påminnelser och kvitton', en: 'Invoices, reminders and receipts' },
    entries: [
      {
        question: {
          sv: 'Hur skickar jag kvitton till medlemmar som har betalat?',
          en: 'How do I send receipts to members who have paid?',
        },
        answer: {
          sv: 'Under Golfrelaterat → Kvitton listas fakturor som blivit helt betalda de senaste 90 dagarna. Markera de du vill skicka kvitto för och välj Skicka kvitton. Kvittot går till medlemmens e-postadress för kvitton om en sådan finns, annars till den vanliga. Listan visar om kvittot skickats, inte skickats eller misslyckats.',
          en: 'Golf related → Receipts lists invoices fully paid in the last 90 days. Select the ones to send a receipt for and choose Send receipts. The receipt goes to the member’s receipts e-mail address if there is one, otherwise to the ordinary one. The list shows whether each receipt was sent, not sent or failed.',
        },
      },
      {
        question: { sv: 'Kan Fairway skicka påminnelser?', en: 'Can Fairway send reminders?' },
        answer: {
          sv: 'Ja. Påminnelser skickas via bokföringsprogrammet för obetalda fakturor efter förfallodagen. Under Konfiguration → Inställningar anger du hur många dagar efter förfallodagen en faktura pausas, så att ni inte påminner någon som redan har pratat med kansliet.',
          en: 'Yes. Reminders are sent through the accounting program for unpaid invoices after the due date. Under Configuration → Settings you set how many days after the due date an invoice is paused, so you do not remind someone who has already talked to the office.',
        },
      },
      {
        question: { sv: 'Hur fungerar familjefakturering?', en: 'How does family invoicing work?' },
        answer: {
          sv: 'Lägg ihop medlemmarna i en familj under medlemmens flik Familjeträd och välj vem som är betalare. Familjen får en avgiftsregel med rabatt i procent eller kronor, och alla familjemedlemmarnas avgifter hamnar på en faktura till betalaren. Fakturaunderlag från GIT ställs som standard till den betalare GIT anger för familjen (och för en junior till målsman), och raden anger vilken medlem avgiften gäller. Vill klubben att varje medlem får sin egen faktura stänger ni av det under Inställningar → Medlem.',
          en: 'Put the members together in a family on the member’s Family tree tab and choose who pays. The family gets a fee rule with a discount in percent or kronor, and all the family members’ fees go on one invoice to the payer. Invoice bases from GIT go by default to the payer GIT names for the family (and to the guardian for a junior), and the row names the member the fee is for. If the club wants each member to get their own invoice, turn this off under Settings → Member.',
        },
      },
      {
        question: { sv: 'Vem får fakturan för en junior?', en: 'Who gets the invoice for a junior?' },
        answer: {
          sv: 'För juniorer anger du en vårdnadshavare som betalare i familjeträdet, eller fakturamottagare under medlemmens flik Fakturering. Fakturan skickas då till vårdnadshavaren, men betalningen rapporteras till GIT på juniorens medlemskap.',
          en: 'For juniors, set a guardian as the payer in the family tree, or as the invoice recipient on the member’s Billing tab. The invoice then goes to the guardian, while the payment is reported to GIT on the junior’s membership.',
        },
      },
    ],
  },
  {
    brand: 'fairway',
    slug: 'priser-och-villkor',
    name: { sv: 'Priser och villkor', en: 'Prices and terms' },
    entries: [
      {
        question: { sv: 'Hur lång är bindningstiden?', en: 'How long is the commitment?' },
        answer: {
          sv: 'Avtalet gäller i 12 månader och faktureras årsvis. Det finns ingen uppsägningstid: du kan avsluta inför nästa avtalsperiod. Fakturerade belopp återbetalas inte.',
          en: 'The agreement runs for 12 months and is billed annually. There is no notice period: you can end it before the next period. Invoiced amounts are not refunded.',
        },
        showOnLanding: true,
      },
      {
        question: { sv: 'Vad kostar det utöver månadsavgiften?', en: 'What does it cost besides the monthly fee?' },
        answer: {
          sv: 'En årlig licensavgift på 3 000 kr exkl. moms tillkommer. Valfria tjänster: teknisk installation 1 500 kr exkl. moms och onboarding-genomgång (30 minuter) 1 500 kr exkl. moms. Väljer ni kvartalsbetalning tillkommer 80 kr exkl. moms per månad.',
          en: 'An annual licence fee of 3,000 SEK ex VAT is added. Optional services: technical installation 1,500 SEK ex VAT and an onboarding walkthrough (30 minutes) 1,500 SEK ex VAT. If you choose quarterly payment, 80 SEK ex VAT per month is added.',
        },
        showOnLanding: true,
      },
      {
        question: { sv: 'Hur köper jag personlig support?', en: 'How do I buy personal support?' },
        answer: {
          sv: 'Personlig support kostar 1 500 kr exkl. moms per timme och kan köpas i decimaltimmar, till exempel 0,5 eller 1,25 timmar. Köp timmar under Hjälp → Support; de läggs till på nästa faktura. Frågor via supportformuläret besvaras inom 48 timmar.',
          en: 'Personal support costs 1,500 SEK ex VAT per hour and can be bought in decimal hours, for example 0.5 or 1.25 hours. Buy hours under Help → Support; they are added to your next invoice. Questions through the support form are answered within 48 hours.',
        },
      },
      {
        question: { sv: 'Kan jag byta paket?', en: 'Can I change package?' },
        answer: {
          sv: 'Ja. En ägare kan uppgradera eller nedgradera under Konfiguration → Inställningar → Abonnemang. Vid nedgradering väljer du vilka användare och klubbkonton som ska behållas. Betalplanen (år, kvartal eller månad) byts på samma ställe.',
          en: 'Yes. An owner can upgrade or downgrade under Configuration → Settings → Subscription. When downgrading you choose which users and club accounts to keep. The payment plan (annual, quarterly or monthly) is changed in the same place.',
        },
      },
    ],
  },
  {
    brand: 'dubbelkoll',
    slug: 'dubbletter',
    name: { sv: 'Dubbletter', en: 'Duplicates' },
    entries: [
      {
        question: { sv: 'Vad räknas som en dubblett?', en: 'What counts as a duplicate?' },
        answer: {
          sv: 'Dubbelkoll jämför fakturor, order och verifikationer i bokföringsprogrammet på de fält du väljer, till exempel kund, belopp, datum och referens. Dokument som stämmer på alla valda fält visas som en grupp: originalet och dess dubbletter.',
          en: 'Dubbelkoll compares invoices, orders and vouchers in the accounting program on the fields you choose, such as customer, amount, date and reference. Documents that agree on all chosen fields are shown as a group: the original and its duplicates.',
        },
        showOnLanding: true,
      },
      {
        question: { sv: 'Ändrar Dubbelkoll något i bokföringen?', en: 'Does Dubbelkoll change anything in the books?' },
        answer: {
          sv: 'Inte utan att du ber om det. Att markera en grupp som löst eller som "inte dubblett" sparas bara i Dubbelkoll. Först när du väljer att hantera en dubblett, och bekräftar, görs ändringen i bokföringsprogrammet.',
          en: 'Not unless you ask. Marking a group as resolved or as "not a duplicate" is only stored in Dubbelkoll. Only when you choose to handle a duplicate, and confirm, is the change made in the accounting program.',
        },
        showOnLanding: true,
      },
      {
        question: { sv: 'Vilka bokföringsprogram stöds?', en: 'Which accounting programs are supported?' },
        answer: {
          sv: 'Fortnox, Visma eEkonomi och Visma Administration (via connector), samma som i Fairway.',
          en: 'Fortnox, Visma eEkonomi and Visma Administration (through the connector), the same as in Fairway.',
        },
      },
      {
        question: { sv: 'Vad gäller för avtal och priser?', en: 'What are the terms and prices?' },
        answer: {
          sv: 'Avtalet gäller i 12 månader och faktureras årsvis, utan uppsägningstid och utan återbetalning av fakturerade belopp. En årlig licensavgift på 3 000 kr exkl. moms tillkommer. Personlig support kostar 1 500 kr exkl. moms per timme.',
          en: 'The agreement runs for 12 months and is billed annually, with no notice period and no refund of invoiced amounts. An annual licence fee of 3,000 SEK ex VAT is added. Personal support costs 1,500 SEK ex VAT per hour.',
        },
      },
    ],
  },
];
