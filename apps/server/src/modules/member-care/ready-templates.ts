import type { EmailDesignInput, Lang, ReadyTemplateKey, ReadyTemplateKind } from '@fairway/shared';

/**
 * The ready templates the product ships (docs/member-care.md#ready-templates): newsletter,
 * course news, payment reminder and welcome, each in Swedish and English. Plain data in the
 * block model; GET member_care/templates/ready renders them and a club copies one into its own
 * templates to change it. Links lead to example.com (a reserved example domain) or to Min Golf,
 * where Swedish golfers book their tee times.
 */
export interface ReadyTemplateData {
  key: ReadyTemplateKey;
  kind: ReadyTemplateKind;
  lang: Lang;
  title: string;
  subject: string;
  design: EmailDesignInput;
}

const MIN_GOLF = 'https://mingolf.golf.se/';
const CLUB_SITE = 'https://example.com/';

const signature = (greeting: string) => ({
  type: 'text' as const,
  id: 'signature',
  html: `<p>${greeting}<br>{{clubName}}</p>`,
});

export const READY_TEMPLATES: readonly ReadyTemplateData[] = [
  {
    key: 'newsletter-sv',
    kind: 'newsletter',
    lang: 'sv',
    title: 'Nyhetsbrev',
    subject: 'Nyheter från {{clubName}}',
    design: {
      settings: { preheader: 'Det senaste från banan och klubbhuset' },
      blocks: [
        { type: 'heading', id: 'title', text: 'Nyheter från {{clubName}}', level: 1 },
        {
          type: 'text',
          id: 'intro',
          html: '<p>Hej {{firstname}}!</p><p>Här kommer det senaste från klubben. Skriv några rader om vad som händer just nu.</p>',
        },
        { type: 'divider', id: 'divider' },
        {
          type: 'columns',
          id: 'news',
          split: '50-50',
          left: [
            { type: 'heading', id: 'course-title', text: 'På banan', level: 2 },
            { type: 'text', id: 'course-text', html: '<p>Banans skick, greenerna och vad banpersonalen arbetar med.</p>' },
          ],
          right: [
            { type: 'heading', id: 'club-title', text: 'I klubbhuset', level: 2 },
            { type: 'text', id: 'club-text', html: '<p>Tävlingar, aktiviteter och restaurangens öppettider.</p>' },
          ],
        },
        { type: 'button', id: 'read-more', label: 'Läs mer på vår webbplats', href: CLUB_SITE },
        signature('Med vänliga hälsningar'),
      ],
    },
  },
  {
    key: 'newsletter-en',
    kind: 'newsletter',
    lang: 'en',
    title: 'Newsletter',
    subject: 'News from {{clubName}}',
    design: {
      settings: { preheader: 'The latest from the course and the clubhouse' },
      blocks: [
        { type: 'heading', id: 'title', text: 'News from {{clubName}}', level: 1 },
        {
          type: 'text',
          id: 'intro',
          html: '<p>Hi {{firstname}},</p><p>Here is the latest from the club. Write a few lines about what is happening right now.</p>',
        },
        { type: 'divider', id: 'divider' },
        {
          type: 'columns',
          id: 'news',
          split: '50-50',
          left: [
            { type: 'heading', id: 'course-title', text: 'On the course', level: 2 },
            {
              type: 'text',
              id: 'course-text',
              html: '<p>The state of the course, the greens and what the greenkeepers are working on.</p>',
            },
          ],
          right: [
            { type: 'heading', id: 'club-title', text: 'In the clubhouse', level: 2 },
            { type: 'text', id: 'club-text', html: '<p>Competitions, events and the restaurant’s opening hours.</p>' },
          ],
        },
        { type: 'button', id: 'read-more', label: 'Read more on our website', href: CLUB_SITE },
        signature('Kind regards'),
      ],
    },
  },
  {
    key: 'course-news-sv',
    kind: 'course-news',
    lang: 'sv',
    title: 'Nytt från banan',
    subject: 'Banan öppnar för säsongen',
    design: {
      settings: { preheader: 'Boka din första starttid redan nu' },
      blocks: [
        { type: 'heading', id: 'title', text: 'Banan öppnar för säsongen', level: 1 },
        {
          type: 'text',
          id: 'body',
          html:
            '<p>Hej {{firstname}}!</p><p>Nu är det dags: banan öppnar på <strong>lördag kl. 08.00</strong>.</p>' +
            '<ul><li>Alla 18 hål är öppna</li><li>Spel på sommargreener</li><li>Drivingrangen öppnar kl. 07.00</li></ul>' +
            '<p>Tänk på att laga nedslagsmärken och lägga tillbaka uppslagen torv.</p>',
        },
        { type: 'button', id: 'book', label: 'Boka starttid', href: MIN_GOLF },
        signature('Väl mött på banan!'),
      ],
    },
  },
  {
    key: 'course-news-en',
    kind: 'course-news',
    lang: 'en',
    title: 'Course news',
    subject: 'The course opens for the season',
    design: {
      settings: { preheader: 'Book your first tee time now' },
      blocks: [
        { type: 'heading', id: 'title', text: 'The course opens for the season', level: 1 },
        {
          type: 'text',
          id: 'body',
          html:
            '<p>Hi {{firstname}},</p><p>It is time: the course opens on <strong>Saturday at 8 am</strong>.</p>' +
            '<ul><li>All 18 holes are open</li><li>Play on summer greens</li><li>The driving range opens at 7 am</li></ul>' +
            '<p>Please repair your pitch marks and replace your divots.</p>',
        },
        { type: 'button', id: 'book', label: 'Book a tee time', href: MIN_GOLF },
        signature('See you on the course!'),
      ],
    },
  },
  {
    key: 'payment-reminder-sv',
    kind: 'payment-reminder',
    lang: 'sv',
    title: 'Betalningspåminnelse',
    subject: 'Påminnelse: obetald avgift till {{clubName}}',
    design: {
      settings: { preheader: 'Du har ett obetalt belopp hos klubben' },
      blocks: [
        { type: 'heading', id: 'title', text: 'Påminnelse om betalning', level: 1 },
        {
          type: 'text',
          id: 'body',
          html:
            '<p>Hej {{firstname}}!</p><p>Enligt vår bokföring har du ett obetalt belopp på <strong>{{openBalance}}</strong>. ' +
            'Vi ber dig betala så snart som möjligt. Har du redan betalat kan du bortse från det här meddelandet.</p>' +
            '<p>Har du frågor om din faktura är du välkommen att kontakta kansliet.</p>',
        },
        { type: 'text', id: 'member', html: '<p>Golf-ID: {{golfId}}<br>Medlemsnummer: {{memberNumber}}</p>' },
        signature('Med vänliga hälsningar'),
      ],
    },
  },
  {
    key: 'payment-reminder-en',
    kind: 'payment-reminder',
    lang: 'en',
    title: 'Payment reminder',
    subject: 'Reminder: unpaid fee to {{clubName}}',
    design: {
      settings: { preheader: 'You have an unpaid balance with the club' },
      blocks: [
        { type: 'heading', id: 'title', text: 'Payment reminder', level: 1 },
        {
          type: 'text',
          id: 'body',
          html:
            '<p>Hi {{firstname}},</p><p>According to our books you have an unpaid balance of <strong>{{openBalance}}</strong>. ' +
            'Please pay as soon as you can. If you have already paid, please disregard this message.</p>' +
            '<p>If you have any questions about your invoice, the club office is happy to help.</p>',
        },
        { type: 'text', id: 'member', html: '<p>Golf ID: {{golfId}}<br>Member number: {{memberNumber}}</p>' },
        signature('Kind regards'),
      ],
    },
  },
  {
    key: 'welcome-sv',
    kind: 'welcome',
    lang: 'sv',
    title: 'Välkommen som medlem',
    subject: 'Välkommen till {{clubName}}!',
    design: {
      settings: { preheader: 'Bra att veta som ny medlem' },
      blocks: [
        { type: 'heading', id: 'title', text: 'Välkommen, {{firstname}}!', level: 1 },
        {
          type: 'text',
          id: 'body',
          html:
            '<p>Vi är glada att du har blivit medlem i {{clubName}}. Här är några saker som är bra att veta:</p>' +
            '<ul><li>Ditt golf-ID är <strong>{{golfId}}</strong>.</li><li>Du bokar starttider i Min Golf.</li>' +
            '<li>Kansliet hjälper dig gärna med frågor om medlemskapet.</li></ul>',
        },
        { type: 'button', id: 'book', label: 'Boka din första runda', href: MIN_GOLF },
        signature('Väl mött på banan!'),
      ],
    },
  },
  {
    key: 'welcome-en',
    kind: 'welcome',
    lang: 'en',
    title: 'Welcome as a member',
    subject: 'Welcome to {{clubName}}!',
    design: {
      settings: { preheader: 'Good to know as a new member' },
      blocks: [
        { type: 'heading', id: 'title', text: 'Welcome, {{firstname}}!', level: 1 },
        {
          type: 'text',
          id: 'body',
          html:
            '<p>We are glad that you have joined {{clubName}}. A few things that are good to know:</p>' +
            '<ul><li>Your golf ID is <strong>{{golfId}}</strong>.</li><li>You book tee times in Min Golf.</li>' +
            '<li>The club office is happy to help with any questions about your membership.</li></ul>',
        },
        { type: 'button', id: 'book', label: 'Book your first round', href: MIN_GOLF },
        signature('See you on the course!'),
      ],
    },
  },
];
