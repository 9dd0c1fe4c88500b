import {
  EMAIL_BLOCKS_MAX,
  EMAIL_TEMPLATE_TITLE_MAX,
  type EmailTemplate,
  type EmailTemplateBodyInput,
  type EmailTemplateListItem,
  formatSek,
  NEWSLETTER_IMAGE_MAX_BYTES,
  type NewsletterImage,
  type ReadyTemplate,
} from '@fairway/shared';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../../../test/fixtures/accounting';
import { clubFile } from '../../../test/fixtures/club';
import { multipart, ONE_PIXEL_PNG } from '../../../test/fixtures/multipart';
import { eventLogs } from '../eventlogs/eventlogs.tables';
import { renderForRecipient } from './email-render';
import { emailTemplates, newsletterImages } from './member-care.tables';

const { t, app, a, b, aOther, aStaff, aAccountant, aDriftManager, aNoAccount } = await clubFile();
const { api } = apiAs(app);

type Who = { headers: Record<string, string> } | null;

const newsletter: EmailTemplateBodyInput = {
  title: '  Vårbrev  ',
  subject: 'Hej {{firstname}}, banan öppnar',
  lang: 'sv',
  design: {
    settings: { preheader: 'Nyheter inför säsongen' },
    blocks: [
      { type: 'heading', id: 'h1', text: 'Välkommen tillbaka, {{firstname}}!' },
      {
        type: 'text',
        id: 't1',
        html: '<p>Du har {{openBalance}} att betala.</p><script>document.location="https://evil.example"</script>',
      },
      { type: 'button', id: 'b1', label: 'Boka tid', href: 'https://mingolf.golf.se/' },
    ],
  },
};

async function create(who: Who, body: EmailTemplateBodyInput = newsletter): Promise<EmailTemplate> {
  const res = await api('POST', '/member_care/templates', who, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as EmailTemplate;
}

async function templateCount(organisationId = a.organisationId): Promise<number> {
  const [row] = await app.db.select({ n: count() }).from(emailTemplates).where(eq(emailTemplates.organisationId, organisationId));
  return row?.n ?? 0;
}

describe('e-mail templates', () => {
  it('creates, reads, lists, replaces, duplicates and deletes a template, rendered on the server', async () => {
    const created = await create(a.owner);
    expect(created).toMatchObject({ title: 'Vårbrev', subject: 'Hej {{firstname}}, banan öppnar', lang: 'sv' });
    // Defaults are filled in and the design comes back as stored.
    expect(created.design.settings).toMatchObject({ preheader: 'Nyheter inför säsongen', font: 'arial' });
    expect(created.design.blocks[0]).toEqual({
      type: 'heading',
      id: 'h1',
      text: 'Välkommen tillbaka, {{firstname}}!',
      level: 1,
      align: 'left',
    });
    expect(created.html).toContain('<html lang="sv"');
    expect(created.html).toContain('Välkommen tillbaka, {{firstname}}!');
    expect(created.html).not.toMatch(/<script/i);
    expect(created.text).toContain('Du har {{openBalance}} att betala.');
    expect(created.text).toContain('Boka tid: https://mingolf.golf.se/');

    const read = await api('GET', `/member_care/templates/${created.id}`, aOther);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual(created);

    const list = await api('GET', '/member_care/templates?search=v%C3%A5rbrev', aOther);
    expect(list.statusCode).toBe(200);
    const item = (list.json().data as EmailTemplateListItem[]).find((x) => x.id === created.id);
    expect(item).toEqual({
      id: created.id,
      title: 'Vårbrev',
      subject: created.subject,
      lang: 'sv',
      createdAt: created.createdAt,
      updatedAt: created.updatedAt,
    });

    const put = await api('PUT', `/member_care/templates/${created.id}`, aStaff, {
      title: 'Vårbrev 2026',
      lang: 'en',
      design: { blocks: [{ type: 'text', id: 'only', html: '<p>Hi {{firstname}}</p>' }] },
    });
    expect(put.statusCode, put.body).toBe(200);
    const replaced = put.json().data as EmailTemplate;
    expect(replaced).toMatchObject({ id: created.id, title: 'Vårbrev 2026', subject: '', lang: 'en' });
    expect(replaced.design.blocks).toHaveLength(1);
    expect(replaced.html).toContain('<html lang="en"');
    expect(replaced.html).not.toContain('Boka tid');
    expect(replaced.text).toBe('Hi {{firstname}}\n');
    expect(Date.parse(replaced.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));

    const duplicate = await api('POST', `/member_care/templates/${created.id}/duplicate`, aStaff, undefined, 'sv');
    expect(duplicate.statusCode, duplicate.body).toBe(201);
    const copy = duplicate.json().data as EmailTemplate;
    expect(copy.id).not.toBe(created.id);
    expect(copy).toMatchObject({ title: 'Vårbrev 2026 (kopia)', lang: 'en', design: replaced.design, html: replaced.html });
    const english = await api('POST', `/member_care/templates/${created.id}/duplicate`, aStaff, undefined, 'en');
    expect(english.json().data.title).toBe('Vårbrev 2026 (copy)');

    const removed = await api('DELETE', `/member_care/templates/${created.id}`, a.owner);
    expect(removed.json()).toEqual({ data: { id: created.id } });
    const gone = await api('GET', `/member_care/templates/${created.id}`, a.owner);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ message: 'E-postmallen finns inte', eng_message: 'The e-mail template does not exist' });
    // The copies stay.
    expect((await api('GET', `/member_care/templates/${copy.id}`, a.owner)).statusCode).toBe(200);
  });

  it('keeps a copy’s title within the title’s length', async () => {
    const long = await create(a.owner, { title: 'L'.repeat(EMAIL_TEMPLATE_TITLE_MAX) });
    const res = await api('POST', `/member_care/templates/${long.id}/duplicate`, a.owner, undefined, 'sv');
    const title = res.json().data.title as string;
    expect(title).toHaveLength(EMAIL_TEMPLATE_TITLE_MAX);
    expect(title.endsWith(' (kopia)')).toBe(true);
  });

  it('searches, sorts and pages the list of the club account in use', async () => {
    const tag = `Sortering ${Date.now()}`;
    for (const title of ['b', 'A', 'c']) await create(aDriftManager, { title: `${tag} ${title}`, subject: 'Ämne' });
    const byTitle = await api(
      'GET',
      `/member_care/templates?search=${encodeURIComponent(tag)}&sort=title&order=asc`,
      aDriftManager,
    );
    expect((byTitle.json().data as EmailTemplateListItem[]).map((x) => x.title)).toEqual([`${tag} A`, `${tag} b`, `${tag} c`]);
    const newest = await api('GET', `/member_care/templates?search=${encodeURIComponent(tag)}&pageSize=2`, aDriftManager);
    expect(newest.json().pagination).toEqual({ page: 1, pageSize: 2, total: 3 });
    expect((newest.json().data as EmailTemplateListItem[]).map((x) => x.title)).toEqual([`${tag} c`, `${tag} A`]);
    const page2 = await api('GET', `/member_care/templates?search=${encodeURIComponent(tag)}&pageSize=2&page=2`, aDriftManager);
    expect((page2.json().data as EmailTemplateListItem[]).map((x) => x.title)).toEqual([`${tag} b`]);
    // Subjects are searched too; another club account's templates are not in the list.
    const bySubject = await api('GET', '/member_care/templates?search=%C3%A4mne', aDriftManager);
    expect(bySubject.json().pagination.total).toBe(3);
    const ownerList = await api('GET', `/member_care/templates?search=${encodeURIComponent(tag)}`, a.owner);
    expect(ownerList.json().pagination.total).toBe(0);
  });

  it('writes the event log lines of a template’s life', async () => {
    const created = await create(a.owner, { title: 'Loggad mall' });
    await api('PUT', `/member_care/templates/${created.id}`, a.owner, { title: 'Loggad mall' });
    await api('DELETE', `/member_care/templates/${created.id}`, a.owner);
    const rows = await app.db
      .select({ activity: eventLogs.activity, params: eventLogs.params })
      .from(eventLogs)
      .where(and(eq(eventLogs.organisationId, a.organisationId), eq(eventLogs.resource, 'email')));
    const activities = rows.filter((r) => (r.params as Record<string, unknown>).title === 'Loggad mall').map((r) => r.activity);
    expect(activities).toEqual(
      expect.arrayContaining(['memberCare.templateCreated', 'memberCare.templateUpdated', 'memberCare.templateDeleted']),
    );
  });

  it('refuses bad input field by field, in the reader’s language, and writes nothing', async () => {
    const before = await templateCount();
    const bad = {
      title: '   ',
      subject: 'Hej {{fornamn}}',
      design: {
        settings: { accentColour: 'green' },
        blocks: [
          { type: 'heading', id: 'h', text: '' },
          { type: 'button', id: 'b', label: 'Klicka', href: 'javascript:alert(1)' },
          { type: 'image', id: 'i', src: 'data:image/png;base64,AAAA' },
          { type: 'video', id: 'v' },
        ],
      },
    };
    const en = await api('POST', '/member_care/templates', a.owner, bad, 'en');
    expect(en.statusCode).toBe(400);
    const error = en.json().error as Record<string, string[]>;
    expect(error.title).toEqual(['This field is required']);
    expect(error.subject?.[0]).toMatch(/^There is no member field \{\{fornamn\}\}\. Use \{\{firstname\}\}, \{\{lastname\}\}/);
    expect(error['design.settings.accentColour']).toEqual(['Enter a colour as #RRGGBB']);
    expect(error['design.blocks.0.text']).toEqual(['This field is required']);
    expect(error['design.blocks.1.href']).toEqual([
      'Enter a full address starting with https:// (or mailto: for an e-mail link)',
    ]);
    expect(error['design.blocks.2.src']).toEqual(['Enter a full image address starting with https://']);
    expect(error['design.blocks.3.type']).toBeDefined();

    const sv = await api('POST', '/member_care/templates', a.owner, bad, 'sv');
    const svError = sv.json().error as Record<string, string[]>;
    expect(svError.title).toEqual(['Detta fält är obligatoriskt']);
    expect(svError.subject?.[0]).toMatch(/^Medlemsfältet \{\{fornamn\}\} finns inte\./);
    expect(svError['design.settings.accentColour']).toEqual(['Ange en färg som #RRGGBB']);
    expect(svError['design.blocks.1.href']).toEqual([
      'Ange en fullständig adress som börjar med https:// (eller mailto: för en e-postlänk)',
    ]);

    // The rendering is the server's: a body cannot set it.
    const readOnly = await api('POST', '/member_care/templates', a.owner, { title: 'Egen HTML', html: '<script></script>' });
    expect(readOnly.statusCode).toBe(400);
    expect(readOnly.json().error).toEqual({ html: ['Unknown field'] });

    const tooMany = await api('POST', '/member_care/templates', a.owner, {
      title: 'För många block',
      design: { blocks: Array.from({ length: EMAIL_BLOCKS_MAX + 1 }, (_, i) => ({ type: 'divider', id: `d${i}` })) },
    });
    expect(tooMany.json().error['design.blocks']).toEqual([`The template may have at most ${EMAIL_BLOCKS_MAX} blocks`]);

    const nested = await api(
      'POST',
      '/member_care/templates',
      a.owner,
      {
        title: 'Kolumner i kolumner',
        design: { blocks: [{ type: 'columns', id: 'c', left: [{ type: 'columns', id: 'inner' }] }] },
      },
      'sv',
    );
    expect(nested.statusCode).toBe(400);
    expect(Object.keys(nested.json().error)).toEqual(['design.blocks.0.left.0.type']);

    // Under the size limit block by block, over it as a whole.
    const paragraph = `<p>${'Lång text. '.repeat(1700)}</p>`;
    const large = await api(
      'POST',
      '/member_care/templates',
      a.owner,
      {
        title: 'Stor',
        design: { blocks: Array.from({ length: 14 }, (_, i) => ({ type: 'text', id: `t${i}`, html: paragraph })) },
      },
      'sv',
    );
    expect(large.statusCode).toBe(400);
    expect(large.json().error.design).toEqual(['Mallen är för stor: högst 256 kB får sparas']);

    // A replacement refused leaves the stored template as it was.
    const kept = await create(a.owner, { title: 'Orörd' });
    const refused = await api('PUT', `/member_care/templates/${kept.id}`, a.owner, { title: '' });
    expect(refused.statusCode).toBe(400);
    expect((await api('GET', `/member_care/templates/${kept.id}`, a.owner)).json().data).toEqual(kept);
    expect(await templateCount()).toBe(before + 1);
  });

  it('answers 404 for another organisation’s and another club account’s templates, and changes nothing', async () => {
    const theirs = await create(b.owner, { title: 'Betas mall' });
    const drift = await create(aDriftManager, { title: 'Driftens mall' });
    for (const id of [theirs.id, drift.id]) {
      expect((await api('GET', `/member_care/templates/${id}`, a.owner)).statusCode).toBe(404);
      expect((await api('PUT', `/member_care/templates/${id}`, a.owner, { title: 'Kapad' })).statusCode).toBe(404);
      expect((await api('POST', `/member_care/templates/${id}/duplicate`, a.owner)).statusCode).toBe(404);
      expect((await api('DELETE', `/member_care/templates/${id}`, a.owner)).statusCode).toBe(404);
    }
    expect((await api('GET', `/member_care/templates/${theirs.id}`, b.owner)).json().data).toEqual(theirs);
    expect((await api('GET', `/member_care/templates/${drift.id}`, aDriftManager)).json().data).toEqual(drift);
    const list = await api('GET', '/member_care/templates?search=Betas', a.owner);
    expect(list.json().pagination.total).toBe(0);
  });

  it('lets each role do what its scopes say', async () => {
    const template = await create(a.owner, { title: 'Rollernas mall' });
    // Other: membercare.read only.
    expect((await api('GET', '/member_care/templates', aOther)).statusCode).toBe(200);
    expect((await api('GET', `/member_care/templates/${template.id}`, aOther)).statusCode).toBe(200);
    expect((await api('GET', '/member_care/templates/ready', aOther)).statusCode).toBe(200);
    for (const [method, url, body] of [
      ['POST', '/member_care/templates', { title: 'Nej' }],
      ['PUT', `/member_care/templates/${template.id}`, { title: 'Nej' }],
      ['DELETE', `/member_care/templates/${template.id}`, undefined],
      ['POST', `/member_care/templates/${template.id}/duplicate`, undefined],
      ['POST', '/member_care/templates/ready/welcome-sv/copy', undefined],
    ] as const) {
      const res = await api(method, url, aOther, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    // The Accountant has no member care scope at all.
    expect((await api('GET', '/member_care/templates', aAccountant)).statusCode).toBe(403);
    expect((await api('GET', `/member_care/templates/${template.id}`, aAccountant)).statusCode).toBe(403);
    // Staff and Manager write.
    expect((await api('POST', `/member_care/templates/${template.id}/duplicate`, aStaff)).statusCode).toBe(201);
    // Nobody signed in: 401.
    expect((await api('GET', '/member_care/templates', null)).statusCode).toBe(401);
  });

  it('asks for a club account when the user has none in use', async () => {
    const res = await api('GET', '/member_care/templates', aNoAccount, undefined, 'sv');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Du har ingen klubb vald. Välj en klubb för att se och ändra e-postmallar.');
  });
});

describe('template preview', () => {
  const draft = {
    subject: 'Hej {{firstname}} från {{clubName}}',
    lang: 'sv',
    design: {
      settings: { preheader: 'Till {{fullName}}' },
      blocks: [
        { type: 'heading', id: 'h1', text: 'Välkommen, {{firstname}}!' },
        { type: 'text', id: 't1', html: '<p>Du har <strong>{{openBalance}}</strong> att betala.</p><script>alert(1)</script>' },
        {
          type: 'columns',
          id: 'c1',
          left: [{ type: 'button', id: 'b1', label: 'Boka {{golfId}}', href: 'https://mingolf.golf.se/' }],
          right: [{ type: 'divider', id: 'd1' }],
        },
      ],
    },
  };

  it('renders a design without saving it, filled with the example member and the club account’s name', async () => {
    const before = await templateCount();
    const events = await app.db.select({ n: count() }).from(eventLogs).where(eq(eventLogs.organisationId, a.organisationId));
    const res = await api('POST', '/member_care/templates/preview', a.owner, draft);
    expect(res.statusCode, res.body).toBe(200);
    const { subject, html, text } = res.json().data as { subject: string; html: string; text: string };
    expect(subject).toBe('Hej Anna från Alfa GK');
    expect(html).toContain('Välkommen, Anna!');
    expect(html).toContain('Till Anna Andersson');
    expect(text).toContain(formatSek(123_450, 'sv'));
    expect(html).toContain('Boka 850312-001');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('{{');
    expect(text).toContain('Välkommen, Anna!');
    expect(text).toContain('Boka 850312-001: https://mingolf.golf.se/');
    // Nothing stored, nothing logged.
    expect(await templateCount()).toBe(before);
    const after = await app.db.select({ n: count() }).from(eventLogs).where(eq(eventLogs.organisationId, a.organisationId));
    expect(after).toEqual(events);

    // English writes the amount the English way.
    const en = await api('POST', '/member_care/templates/preview', a.owner, { ...draft, lang: 'en' });
    expect(en.json().data.text).toContain(formatSek(123_450, 'en'));
    // An empty design is a valid (empty) e-mail.
    expect((await api('POST', '/member_care/templates/preview', a.owner, {})).statusCode).toBe(200);
  });

  it('takes the club name of the club account in use: another club account’s or organisation’s never shows', async () => {
    const drift = await api('POST', '/member_care/templates/preview', aDriftManager, draft);
    expect(drift.json().data.subject).toBe('Hej Anna från Alfa GK Drift AB');
    const beta = await api('POST', '/member_care/templates/preview', b.owner, draft);
    expect(beta.json().data.subject).toBe('Hej Anna från Beta GK');
    const none = await api('POST', '/member_care/templates/preview', aNoAccount, draft, 'sv');
    expect(none.statusCode).toBe(400);
  });

  it('refuses a bad design field by field like a save, in the reader’s language', async () => {
    const bad = {
      subject: 'Hej {{fornamn}}',
      design: { blocks: [{ type: 'button', id: 'b', label: 'Klicka', href: 'javascript:alert(1)' }] },
    };
    const en = await api('POST', '/member_care/templates/preview', a.owner, bad, 'en');
    expect(en.statusCode).toBe(400);
    const error = en.json().error as Record<string, string[]>;
    expect(error.subject?.[0]).toMatch(/^There is no member field \{\{fornamn\}\}/);
    expect(error['design.blocks.0.href']).toEqual([
      'Enter a full address starting with https:// (or mailto: for an e-mail link)',
    ]);
    const sv = await api('POST', '/member_care/templates/preview', a.owner, bad, 'sv');
    expect((sv.json().error as Record<string, string[]>).subject?.[0]).toMatch(/^Medlemsfältet \{\{fornamn\}\} finns inte\./);
    // A title or rendered HTML is no part of a preview.
    const extra = await api('POST', '/member_care/templates/preview', a.owner, { title: 'x', html: '<p></p>' });
    expect(extra.statusCode).toBe(400);
    expect(Object.keys(extra.json().error).sort()).toEqual(['html', 'title']);
  });

  it('lets every role with membercare.read preview, and nobody else', async () => {
    expect((await api('POST', '/member_care/templates/preview', aOther, draft)).statusCode).toBe(200);
    expect((await api('POST', '/member_care/templates/preview', aStaff, draft)).statusCode).toBe(200);
    expect((await api('POST', '/member_care/templates/preview', aAccountant, draft)).statusCode).toBe(403);
    expect((await api('POST', '/member_care/templates/preview', null, draft)).statusCode).toBe(401);
  });
});

describe('ready templates', () => {
  it('offers each kind in Swedish and English, rendered, and copies one into the club account’s templates', async () => {
    const all = await api('GET', '/member_care/templates/ready', aOther);
    expect(all.statusCode).toBe(200);
    const ready = all.json().data as ReadyTemplate[];
    expect(ready.map((r) => r.key).sort()).toEqual(
      [
        'course-news-en',
        'course-news-sv',
        'newsletter-en',
        'newsletter-sv',
        'payment-reminder-en',
        'payment-reminder-sv',
        'welcome-en',
        'welcome-sv',
      ].sort(),
    );
    const english = await api('GET', '/member_care/templates/ready?lang=en', aOther);
    expect((english.json().data as ReadyTemplate[]).every((r) => r.lang === 'en')).toBe(true);
    expect(english.json().data).toHaveLength(4);

    const reminder = ready.find((r) => r.key === 'payment-reminder-sv') as ReadyTemplate;
    expect(reminder.html).toContain('{{openBalance}}');
    const before = await templateCount();
    const res = await api('POST', '/member_care/templates/ready/payment-reminder-sv/copy', a.owner);
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json().data as EmailTemplate;
    expect(copy).toMatchObject({
      title: 'Betalningspåminnelse',
      subject: reminder.subject,
      lang: 'sv',
      design: reminder.design,
      html: reminder.html,
      text: reminder.text,
    });
    expect(await templateCount()).toBe(before + 1);
    // The copy is the club's own: changing it leaves the ready template as shipped.
    await api('PUT', `/member_care/templates/${copy.id}`, a.owner, { title: 'Vår påminnelse' });
    const again = (await api('GET', '/member_care/templates/ready?lang=sv', aOther)).json().data as ReadyTemplate[];
    expect(again.find((r) => r.key === 'payment-reminder-sv')?.title).toBe('Betalningspåminnelse');

    const unknown = await api('POST', '/member_care/templates/ready/invoice-sv/copy', a.owner);
    expect(unknown.statusCode).toBe(400);
  });

  it('fills a copied template for a recipient, the way a send-out will', async () => {
    const res = await api('POST', '/member_care/templates/ready/welcome-en/copy', a.owner);
    const template = res.json().data as EmailTemplate;
    const mail = renderForRecipient(template, {
      firstname: 'Erik',
      lastname: 'Lund',
      golfId: '850203-004',
      memberNumber: '77',
      email: 'erik@example.se',
      memberCategory: 'Senior',
      invoiceBalanceOre: 0,
      clubName: 'Alfa GK',
    });
    expect(mail.subject).toBe('Welcome to Alfa GK!');
    expect(mail.html).toContain('Welcome, Erik!');
    expect(mail.html).toContain('<strong>850203-004</strong>');
    expect(mail.text).toContain('Your golf ID is 850203-004.');
  });
});

// One pixel of each type, as real files are.
const PNG = ONE_PIXEL_PNG;
const GIF = Buffer.from('R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==', 'base64');
const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.from([0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
  Buffer.alloc(32, 0),
  Buffer.from([0xff, 0xd9]),
]);

function upload(who: Who, parts: Parameters<typeof multipart>[0], lang = 'en') {
  const body = multipart(parts);
  return app.inject({
    method: 'POST',
    url: '/api/v1/member_care/newsletter/images',
    headers: { ...(who?.headers ?? {}), 'content-type': body.contentType, 'accept-language': lang },
    payload: body.payload,
  });
}

async function imageCount(): Promise<number> {
  const [row] = await app.db
    .select({ n: count() })
    .from(newsletterImages)
    .where(eq(newsletterImages.organisationId, a.organisationId));
  return row?.n ?? 0;
}

describe('newsletter images', () => {
  it('stores PNG, JPEG, GIF and WebP by their bytes and serves them to anyone holding the address', async () => {
    for (const [bytes, type, name] of [
      [PNG, 'image/png', 'bana.png'],
      [JPEG, 'image/jpeg', 'klubbhus.jpg'],
      [GIF, 'image/gif', 'flagga.gif'],
      // The name and the declared type are not what decides: the bytes are WebP.
      [WEBP, 'image/webp', 'green.png'],
    ] as const) {
      const res = await upload(aStaff, [{ name: 'image', filename: name, type: 'image/png', data: bytes }]);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(201);
      const image = res.json().data as NewsletterImage;
      expect(image).toMatchObject({ contentType: type, size: bytes.length });
      expect(image.url).toBe(`${t.config.PUBLIC_URL}/api/v1/member_care/newsletter/images/${image.id}`);

      // A mail program fetches it with no session, from the portal's own origin.
      const served = await app.inject({ method: 'GET', url: new URL(image.url).pathname });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      expect(served.rawPayload.equals(bytes)).toBe(true);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(served.headers['cache-control']).toContain('immutable');
    }
  });

  it('refuses a .png that is really HTML, an SVG and an oversized image, in the reader’s language, storing nothing', async () => {
    const before = await imageCount();
    const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
    const fake = await upload(aStaff, [{ name: 'image', filename: 'bana.png', type: 'image/png', data: html }]);
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error).toEqual({ image: ['The image must be PNG, JPEG, GIF or WebP'] });
    const fakeSv = await upload(aStaff, [{ name: 'image', filename: 'bana.png', type: 'image/png', data: html }], 'sv');
    expect(fakeSv.json().error).toEqual({ image: ['Bilden måste vara PNG, JPEG, GIF eller WebP'] });

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>');
    const svgRes = await upload(aStaff, [{ name: 'image', filename: 'logo.svg', type: 'image/svg+xml', data: svg }]);
    expect(svgRes.json().error).toEqual({ image: ['The image must be PNG, JPEG, GIF or WebP'] });

    const big = Buffer.concat([PNG, Buffer.alloc(NEWSLETTER_IMAGE_MAX_BYTES, 0)]);
    const bigRes = await upload(aStaff, [{ name: 'image', filename: 'stor.png', type: 'image/png', data: big }], 'sv');
    expect(bigRes.statusCode).toBe(400);
    expect(bigRes.json().error).toEqual({ image: ['Bilden får vara högst 5 MB'] });

    const empty = await upload(aStaff, [{ name: 'image', filename: 'tom.png', type: 'image/png', data: '' }]);
    expect(empty.json().error).toEqual({ image: ['This field is required'] });
    const wrongField = await upload(aStaff, [{ name: 'file', filename: 'bana.png', type: 'image/png', data: PNG }]);
    expect(wrongField.json().error).toEqual({ file: ['Unknown field'], image: ['This field is required'] });
    const notMultipart = await api('POST', '/member_care/newsletter/images', aStaff, { image: 'x' });
    expect(notMultipart.statusCode).toBe(400);

    expect(await imageCount()).toBe(before);
  });

  it('takes uploads only from those who may change member care, and answers 404 for an unknown image', async () => {
    const other = await upload(aOther, [{ name: 'image', filename: 'bana.png', type: 'image/png', data: PNG }]);
    expect(other.statusCode).toBe(403);
    const nobody = await upload(null, [{ name: 'image', filename: 'bana.png', type: 'image/png', data: PNG }]);
    expect(nobody.statusCode).toBe(401);
    const missing = await app.inject({
      method: 'GET',
      url: '/api/v1/member_care/newsletter/images/00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ eng_message: 'The image does not exist' });
  });
});
