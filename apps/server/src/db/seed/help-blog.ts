import type { BlogBlock, Brand } from '@fairway/shared';

/** The blog posts the product ships with: how to get the most out of the portal, in both languages. */

export interface BlogCategorySeed {
  brand: Brand;
  slug: string;
  name: { sv: string; en: string };
}

export interface BlogPostSeed {
  brand: Brand;
  category: string;
  slug: { sv: string; en: string };
  title: { sv: string; en: string };
  description: { sv: string; en: string };
  author: string;
  publishedAt: string;
  cover: { src: string; width: number; height: number; alt: { sv: string; en: string } } | null;
  body: { sv: BlogBlock[]; en: BlogBlock[] };
}

export const BLOG_CATEGORY_SEED: readonly BlogCategorySeed[] = [
  { brand: 'fairway', slug: 'git-och-synk', name: { sv: 'GIT och synk', en: 'GIT and sync' } },
  { brand: 'fairway', slug: 'betalningar', name: { sv: 'Betalningar', en: 'Payments' } },
  { brand: 'fairway', slug: 'medlemmar', name: { sv: 'Medlemmar och familjer', en: 'Members and families' } },
  { brand: 'dubbelkoll', slug: 'bokforing', name: { sv: 'Bokföring', en: 'Bookkeeping' } },
];

const DASHBOARD_COVER = {
  src: '/media/screenshots/dashboard.webp',
  width: 1366,
  height: 1124,
  alt: {
    sv: 'Fairways startsida med fakturerat denna månad, obetalda fakturor och nya medlemmar',
    en: 'Fairway’s home page with billed this month, unpaid invoices and new members',
  },
};

const p = (text: string): BlogBlock => ({ type: 'paragraph', text });
const h = (text: string): BlogBlock => ({ type: 'heading', text });
const ul = (...items: string[]): BlogBlock => ({ type: 'list', ordered: false, items });
const ol = (...items: string[]): BlogBlock => ({ type: 'list', ordered: true, items });
const tip = (text: string): BlogBlock => ({ type: 'tip', text });

export const BLOG_POST_SEED: readonly BlogPostSeed[] = [
  {
    brand: 'fairway',
    category: 'git-och-synk',
    slug: { sv: 'sa-fungerar-synken-med-git', en: 'how-the-git-sync-works' },
    title: {
      sv: 'Så fungerar synken med GIT – och vad fakturaomgången blir i Fortnox',
      en: 'How the GIT sync works – and what the invoice batch becomes in Fortnox',
    },
    description: {
      sv: 'Steg för steg: från fakturaomgång i GIT till kunder, artiklar och fakturor med OCR i Fortnox, och hur du läser transaktionsloggen.',
      en: 'Step by step: from an invoice batch in GIT to customers, articles and invoices with OCR in Fortnox, and how to read the transaction log.',
    },
    author: 'Anna Lindqvist, Fairway',
    publishedAt: '2026-09-02T07:00:00Z',
    cover: DASHBOARD_COVER,
    body: {
      sv: [
        p(
          'Varje höst skapar kansliet en fakturaomgång i GIT med årets medlemsavgifter. Förr betydde det en export, en import och ett par dagars kontroll i bokföringsprogrammet. Med Fairway blir fakturaomgången fakturor i Fortnox på några minuter, och du kan följa varje steg.',
        ),
        h('Vad Fairway läser i GIT'),
        ul(
          'Fakturaomgången med dess fakturor och rader.',
          'Medlemmarna på fakturorna: namn, adress, e-post och medlemsnummer.',
          'Avgifterna, som blir artiklar i bokföringsprogrammet.',
        ),
        h('Vad som skapas i Fortnox'),
        ol(
          'Varje medlem matchas mot en befintlig kund på kundnumret, annars skapas en ny kund.',
          'Varje avgift matchas mot en artikel med samma artikelnummer, annars skapas artikeln med rätt moms och konto.',
          'Varje medlemsfaktura skapas som faktura med OCR-nummer, förfallodag och samma rader som i GIT.',
        ),
        tip(
          'Kör gärna en synk av en liten testomgång först. Resultatet syns direkt i Fortnox, och inget skickas till medlemmarna förrän du väljer det.',
        ),
        h('Läs transaktionsloggen'),
        p(
          'Under GIT → Transaktionslogg ser du varje körning med antal skapade, uppdaterade och överhoppade poster. En överhoppad faktura har alltid en orsak, till exempel att medlemmen saknar adress. Rätta uppgiften i GIT och kör synken igen: redan skapade fakturor skapas aldrig en gång till.',
        ),
      ],
      en: [
        p(
          'Every autumn the office creates an invoice batch (fakturaomgång) in GIT with the year’s membership fees. That used to mean an export, an import and a couple of days of checking in the accounting program. With Fairway the batch becomes invoices in Fortnox within minutes, and you can follow every step.',
        ),
        h('What Fairway reads in GIT'),
        ul(
          'The invoice batch with its invoices and rows.',
          'The members on the invoices: name, address, e-mail and member number.',
          'The fees, which become articles in the accounting program.',
        ),
        h('What is created in Fortnox'),
        ol(
          'Each member is matched to an existing customer by customer number, otherwise a new customer is created.',
          'Each fee is matched to an article with the same article number, otherwise the article is created with the right VAT and account.',
          'Each member invoice is created as an invoice with an OCR number, due date and the same rows as in GIT.',
        ),
        tip(
          'Try a sync of a small test batch first. The result shows at once in Fortnox, and nothing is sent to members until you choose to.',
        ),
        h('Read the transaction log'),
        p(
          'GIT → Transaction log shows every run with the number of records created, updated and skipped. A skipped invoice always has a reason, for example a member without an address. Correct it in GIT and sync again: invoices already created are never created twice.',
        ),
      ],
    },
  },
  {
    brand: 'fairway',
    category: 'betalningar',
    slug: { sv: 'fa-betalt-snabbare-med-ocr-och-paminnelser', en: 'get-paid-faster-with-ocr-and-reminders' },
    title: {
      sv: 'Få betalt snabbare med OCR och påminnelser',
      en: 'Get paid faster with OCR and reminders',
    },
    description: {
      sv: 'OCR-nummer gör att betalningar matchas av sig själva, och rätt inställda påminnelser halverar tiden till betalt.',
      en: 'OCR numbers let payments match themselves, and well-tuned reminders halve the time until paid.',
    },
    author: 'Johan Bergström, Fairway',
    publishedAt: '2026-09-16T07:00:00Z',
    cover: null,
    body: {
      sv: [
        p(
          'Den vanligaste orsaken till sena medlemsavgifter är inte ovilja utan krångel: fel referens, en faktura som hamnat i skräpposten, eller en påminnelse som aldrig kom. Tre inställningar i Fairway tar bort det mesta av krånglet.',
        ),
        h('1. OCR på varje faktura'),
        p(
          'Alla fakturor som Fairway skapar får ett OCR-nummer med kontrollsiffra. När medlemmen betalar med OCR läser banken in betalningen och bokföringsprogrammet matchar den mot rätt faktura automatiskt. Ingen i kansliet behöver leta efter vem som betalat vad.',
        ),
        h('2. Påminnelser i tid'),
        p(
          'Påminnelser skickas via bokföringsprogrammet när förfallodagen passerats. Ställ in efter hur många dagar en faktura pausas, så undviker ni att påminna medlemmar som redan har en överenskommelse med kansliet.',
        ),
        h('3. E-post i stället för papper'),
        p(
          'Fakturor via e-post kommer fram samma dag. Se till att medlemmarnas e-postadresser är rätt i GIT; Fairway visar vilka medlemmar som saknar adress innan fakturorna skapas.',
        ),
        tip('Slå också på automatisk betalmarkering i GIT: då aktiveras medlemskapet samma dag som betalningen kommer in.'),
      ],
      en: [
        p(
          'The most common reason for late membership fees is not reluctance but friction: a wrong reference, an invoice in the spam folder, or a reminder that never came. Three settings in Fairway remove most of it.',
        ),
        h('1. OCR on every invoice'),
        p(
          'Every invoice Fairway creates gets an OCR number with a check digit. When the member pays with the OCR number, the bank reads the payment and the accounting program matches it to the right invoice automatically. Nobody in the office has to find out who paid what.',
        ),
        h('2. Reminders on time'),
        p(
          'Reminders are sent through the accounting program once the due date has passed. Set after how many days an invoice is paused, so you avoid reminding members who already have an agreement with the office.',
        ),
        h('3. E-mail instead of paper'),
        p(
          'Invoices by e-mail arrive the same day. Make sure members’ e-mail addresses are right in GIT; Fairway shows which members have no address before the invoices are created.',
        ),
        tip('Also turn on automatic paid-marking in GIT: the membership then activates the same day the payment arrives.'),
      ],
    },
  },
  {
    brand: 'fairway',
    category: 'git-och-synk',
    slug: { sv: 'markera-betalt-i-git-automatiskt', en: 'mark-paid-in-git-automatically' },
    title: {
      sv: 'Markera betalt i GIT automatiskt så att medlemskapen aktiveras',
      en: 'Mark invoices paid in GIT automatically so memberships activate',
    },
    description: {
      sv: 'När en faktura blir betald i bokföringen rapporterar Fairway det till GIT. Så ställer du in det, och så hanteras delbetalningar och krediteringar.',
      en: 'When an invoice is paid in the books, Fairway reports it to GIT. How to set it up, and how part payments and credits are handled.',
    },
    author: 'Anna Lindqvist, Fairway',
    publishedAt: '2026-10-01T07:00:00Z',
    cover: null,
    body: {
      sv: [
        p(
          'En medlem som har betalat vill kunna boka starttid samma dag. I GIT aktiveras medlemskapet när fakturan är markerad som betald, och det är just den markeringen som ofta dröjer när den görs för hand.',
        ),
        h('Så slår du på det'),
        ol(
          'Gå till Golfrelaterat → GIT → Inställningar.',
          'Slå på "Markera fakturor som betalda automatiskt".',
          'Välj från vilket datum betalningar ska rapporteras, så att gamla betalningar inte rapporteras igen.',
          'Välj om delbetalda fakturor ska räknas med.',
        ),
        h('Krediteringar'),
        p(
          'Krediteras en faktura i bokföringsprogrammet kan Fairway rapportera krediteringen till GIT på samma sätt, och omvänt kreditera fakturan i bokföringen när den krediteras i GIT. Båda valen finns bland inställningarna.',
        ),
        tip(
          'Behöver du rätta status för många fakturor på en gång? Massuppdateringen under GIT → Betalda fakturor omfattar fakturor som skapats eller betalats de senaste sex månaderna.',
        ),
      ],
      en: [
        p(
          'A member who has paid wants to book a tee time the same day. In GIT the membership activates when the invoice is marked paid, and that marking is exactly what is often delayed when done by hand.',
        ),
        h('How to turn it on'),
        ol(
          'Go to Golf related → GIT → Settings.',
          'Turn on "Mark invoices as paid automatically".',
          'Choose from which date payments are reported, so old payments are not reported again.',
          'Choose whether partly paid invoices count.',
        ),
        h('Credits'),
        p(
          'If an invoice is credited in the accounting program, Fairway can report the credit to GIT the same way, and conversely credit the invoice in the books when it is credited in GIT. Both choices are among the settings.',
        ),
        tip(
          'Need to correct the status of many invoices at once? The bulk update under GIT → Paid invoices covers invoices created or paid in the last six months.',
        ),
      ],
    },
  },
  {
    brand: 'fairway',
    category: 'medlemmar',
    slug: { sv: 'juniorer-och-vardnadshavare', en: 'juniors-and-guardians' },
    title: {
      sv: 'Juniorer och vårdnadshavare: rätt mottagare från början',
      en: 'Juniors and guardians: the right recipient from the start',
    },
    description: {
      sv: 'En juniors avgift ska betalas av en vuxen men registreras på juniorens medlemskap. Så sätter du upp det i Fairway.',
      en: 'A junior’s fee is paid by an adult but belongs to the junior’s membership. How to set that up in Fairway.',
    },
    author: 'Maria Nilsson, Fairway',
    publishedAt: '2026-10-14T07:00:00Z',
    cover: null,
    body: {
      sv: [
        p(
          'Juniorer står ofta som egna medlemmar i GIT, med egen e-postadress eller ingen alls. Skickas fakturan dit blir den sällan betald i tid.',
        ),
        h('Vårdnadshavaren som betalare'),
        ol(
          'Öppna juniorens medlemskort under Golfrelaterat → Medlemmar.',
          'Gå till fliken Familjeträd och lägg till vårdnadshavaren, eller skapa familjen om den saknas.',
          'Välj vårdnadshavaren som betalare.',
        ),
        p(
          'Fakturan skickas nu till vårdnadshavaren. När den är betald rapporteras betalningen på juniorens medlemskap i GIT, så att juniorens spelrätt aktiveras.',
        ),
        h('Juniorkategorier'),
        p(
          'Under Medlemskategorier anger du vilka kategorier som är juniorkategorier. Fairway visar då en varning när en junior saknar betalare innan fakturaomgången synkas.',
        ),
      ],
      en: [
        p(
          'Juniors are often separate members in GIT, with their own e-mail address or none at all. An invoice sent there is seldom paid on time.',
        ),
        h('The guardian as payer'),
        ol(
          'Open the junior’s member page under Golf related → Members.',
          'Go to the Family tree tab and add the guardian, or create the family if there is none.',
          'Choose the guardian as payer.',
        ),
        p(
          'The invoice now goes to the guardian. Once it is paid, the payment is reported on the junior’s membership in GIT, so the junior’s playing right activates.',
        ),
        h('Junior categories'),
        p(
          'Under Member categories, mark which categories are junior categories. Fairway then warns when a junior has no payer before the invoice batch is synced.',
        ),
      ],
    },
  },
  {
    brand: 'fairway',
    category: 'medlemmar',
    slug: { sv: 'familjefakturering-en-faktura-per-familj', en: 'family-invoicing-one-invoice-per-family' },
    title: {
      sv: 'Familjefakturering: en faktura per familj med rätt rabatt',
      en: 'Family invoicing: one invoice per family with the right discount',
    },
    description: {
      sv: 'Samla familjens avgifter på en faktura till betalaren och ge familjerabatt i procent eller kronor.',
      en: 'Put the family’s fees on one invoice to the payer and give a family discount in percent or kronor.',
    },
    author: 'Maria Nilsson, Fairway',
    publishedAt: '2026-10-28T07:00:00Z',
    cover: null,
    body: {
      sv: [
        p(
          'Många klubbar ger familjer rabatt, men att räkna fram den för hand på varje faktura är lätt att göra fel. I Fairway bor rabatten i en avgiftsregel som familjen har.',
        ),
        h('Så gör du'),
        ol(
          'Skapa en avgiftsregel under Golfrelaterat → Avgifter, till exempel "Familj 2 vuxna + juniorer", med rabatt i procent eller kronor.',
          'Skapa familjen från en medlems flik Familjeträd och lägg till de andra medlemmarna med sina roller.',
          'Välj betalare och avgiftsregel för familjen.',
        ),
        p(
          'Vid nästa fakturaomgång hamnar alla familjemedlemmars avgifter på en faktura till betalaren, med rabatten som egen rad.',
        ),
        tip('Betalaren kan inte lämna familjen så länge andra medlemmar finns kvar. Välj först en ny betalare.'),
      ],
      en: [
        p(
          'Many clubs give families a discount, but working it out by hand on every invoice is easy to get wrong. In Fairway the discount lives in a fee rule the family has.',
        ),
        h('How to do it'),
        ol(
          'Create a fee rule under Golf related → Fees, for example "Family 2 adults + juniors", with a discount in percent or kronor.',
          'Create the family from a member’s Family tree tab and add the other members with their roles.',
          'Choose the payer and the fee rule for the family.',
        ),
        p(
          'At the next invoice batch, all family members’ fees go on one invoice to the payer, with the discount as its own row.',
        ),
        tip('The payer cannot leave the family while other members remain. Choose a new payer first.'),
      ],
    },
  },
  {
    brand: 'fairway',
    category: 'git-och-synk',
    slug: { sv: 'byta-fran-finqr-eller-excel', en: 'moving-from-finqr-or-excel' },
    title: { sv: 'Byta från FINQR eller Excel till Fairway', en: 'Moving from FINQR or Excel to Fairway' },
    description: {
      sv: 'Så flyttar ni utan dubbla fakturor: vilka inställningar som behövs, vad som följer med och hur första fakturaomgången körs.',
      en: 'How to move without duplicate invoices: the settings you need, what comes along and how to run the first invoice batch.',
    },
    author: 'Johan Bergström, Fairway',
    publishedAt: '2026-11-11T07:00:00Z',
    cover: null,
    body: {
      sv: [
        p(
          'Det viktigaste vid ett byte är att ingen medlem får två fakturor. Fairway matchar kunder på kundnummer och fakturor på GIT:s faktura-id, så det som redan finns i bokföringsprogrammet skapas inte igen.',
        ),
        h('Före bytet'),
        ul(
          'Stäng av automatiska körningar i det gamla verktyget.',
          'Kontrollera att kundnumren i bokföringsprogrammet är desamma som i GIT.',
          'Notera datumet för den sista fakturaomgången som det gamla verktyget skickade.',
        ),
        h('Första dagen i Fairway'),
        ol(
          'Koppla bokföringsprogrammet och GIT.',
          'Ange startdatum för synk, betalningar och krediteringar till dagen efter det datum du noterade.',
          'Kör en synk för hand och läs transaktionsloggen innan du slår på automatisk synk.',
        ),
        h('Från Excel'),
        p(
          'Har ni skött fakturaomgångarna med Excel kan ni fortsätta läsa in GIT:s Excel-export under GIT → Importera, och gå över till synk via GIT:s API när ni vill.',
        ),
      ],
      en: [
        p(
          'The most important thing when switching is that no member gets two invoices. Fairway matches customers by customer number and invoices by GIT’s invoice id, so what already exists in the accounting program is not created again.',
        ),
        h('Before switching'),
        ul(
          'Turn off automatic runs in the old tool.',
          'Check that the customer numbers in the accounting program are the same as in GIT.',
          'Note the date of the last invoice batch the old tool sent.',
        ),
        h('The first day in Fairway'),
        ol(
          'Connect the accounting program and GIT.',
          'Set the start dates for sync, payments and credits to the day after the date you noted.',
          'Run a sync by hand and read the transaction log before turning on automatic sync.',
        ),
        h('From Excel'),
        p(
          'If you have run your invoice batches with Excel, you can keep importing GIT’s Excel export under GIT → Import, and move to syncing through GIT’s API whenever you like.',
        ),
      ],
    },
  },
  {
    brand: 'dubbelkoll',
    category: 'bokforing',
    slug: { sv: 'hitta-dubbla-fakturor-innan-de-betalas', en: 'find-duplicate-invoices-before-they-are-paid' },
    title: { sv: 'Hitta dubbla fakturor innan de betalas', en: 'Find duplicate invoices before they are paid' },
    description: {
      sv: 'Dubbla fakturor, order och verifikationer kostar både pengar och tid. Så hittar Dubbelkoll dem och så hanterar du en dubblettgrupp.',
      en: 'Duplicate invoices, orders and vouchers cost both money and time. How Dubbelkoll finds them and how you handle a duplicate group.',
    },
    author: 'Dubbelkoll',
    publishedAt: '2026-10-07T07:00:00Z',
    cover: null,
    body: {
      sv: [
        p(
          'En faktura som registreras två gånger betalas ofta två gånger. Dubbelkoll läser fakturor, order och verifikationer i bokföringsprogrammet och grupperar dokument som stämmer på de fält du valt.',
        ),
        h('Välj vad som ska jämföras'),
        p(
          'Välj vilka fält som ska jämföras, till exempel kund eller leverantör, belopp, datum och referens. Fält som inte jämförs visas ändå i detaljvyn så att du kan bedöma gruppen.',
        ),
        h('Hantera en grupp'),
        ul(
          'Markera som löst när du har rättat i bokföringen.',
          'Markera som inte dubblett när dokumenten ska finnas kvar båda två.',
          'Hantera dubbletten i bokföringsprogrammet direkt från Dubbelkoll, efter en bekräftelse.',
        ),
      ],
      en: [
        p(
          'An invoice registered twice is often paid twice. Dubbelkoll reads invoices, orders and vouchers in the accounting program and groups documents that agree on the fields you chose.',
        ),
        h('Choose what to compare'),
        p(
          'Choose which fields to compare, for example customer or supplier, amount, date and reference. Fields that are not compared are still shown in the detail view so you can judge the group.',
        ),
        h('Handle a group'),
        ul(
          'Mark as resolved once you have corrected the books.',
          'Mark as not a duplicate when both documents should stay.',
          'Handle the duplicate in the accounting program directly from Dubbelkoll, after a confirmation.',
        ),
      ],
    },
  },
];
