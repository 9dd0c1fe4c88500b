import {
  type EmailDesignInput,
  emailDesignSchema,
  formatSek,
  MEMBER_FIELDS,
  READY_TEMPLATE_KEYS,
  READY_TEMPLATE_KINDS,
  unknownPlaceholders,
} from '@fairway/shared';
import { describe, expect, it } from 'vitest';
import { designToMjml, type RecipientFields, renderDesign, renderForRecipient, sanitizeTextHtml } from './email-render';
import { READY_TEMPLATES } from './ready-templates';

const design = (input: EmailDesignInput) => emailDesignSchema.parse(input);

const member: RecipientFields = {
  firstname: 'Åsa',
  lastname: 'Öberg',
  golfId: '900101-001',
  memberNumber: '1042',
  email: 'asa@example.se',
  memberCategory: 'Senior',
  invoiceBalanceOre: 123_450,
  clubName: 'Alfa GK',
};

/** Non-breaking and narrow spaces (Intl's thousands separator) as plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

const sample = design({
  settings: { preheader: 'Hej {{firstname}}', accentColour: '#aa3300' },
  blocks: [
    { type: 'heading', id: 'h', text: 'Välkommen {{firstname}}', level: 1 },
    {
      type: 'text',
      id: 't',
      html: '<p>Hej <b>{{ firstname }}</b>! Du är skyldig {{openBalance}}.</p><p>Läs <a href="https://example.com/nyheter">nyheterna</a>.</p>',
    },
    { type: 'image', id: 'i', src: 'https://example.com/bana.png', alt: 'Banan i maj', href: 'https://example.com/' },
    { type: 'button', id: 'b', label: 'Betala {{openBalance}}', href: 'https://example.com/betala' },
    { type: 'divider', id: 'd' },
    {
      type: 'columns',
      id: 'c',
      split: '33-67',
      left: [{ type: 'heading', id: 'c1', text: 'Golf-ID', level: 3 }],
      right: [{ type: 'text', id: 'c2', html: '<ul><li>{{golfId}}</li><li>{{memberNumber}}</li></ul>' }],
    },
  ],
});

describe('rendering a design', () => {
  it('makes responsive HTML with its CSS inlined, in the template’s language, with no fonts from elsewhere', async () => {
    const { html } = await renderDesign({ subject: 'Nyheter', lang: 'sv', design: sample });
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('<html lang="sv"');
    // Responsive: the columns sit side by side above 480 px and stack below (MJML's media query).
    expect(html).toContain('@media only screen and (min-width:480px)');
    expect(html).toContain('mj-column-per-33');
    // Inlined: the link colour is on the element itself, so mail programs without <style> keep it.
    expect(html).toMatch(/<a href="https:\/\/example\.com\/nyheter"[^>]*style="[^"]*color: #aa3300/);
    expect(html).toContain('<title>Nyheter</title>');
    expect(html).not.toContain('fonts.googleapis');
    expect(html).toContain('Arial, Helvetica, sans-serif');
    // Member fields wait for the recipient.
    expect(html).toContain('Välkommen {{firstname}}');
  });

  it('writes a plain-text part from the same blocks', async () => {
    const { text } = await renderDesign({ subject: 'Nyheter', lang: 'sv', design: sample });
    expect(text).toBe(
      [
        'Välkommen {{firstname}}',
        '=======================',
        '',
        'Hej {{ firstname }}! Du är skyldig {{openBalance}}.',
        'Läs nyheterna [https://example.com/nyheter].',
        '',
        '[Banan i maj] https://example.com/',
        '',
        'Betala {{openBalance}}: https://example.com/betala',
        '',
        '----------',
        '',
        'Golf-ID',
        '',
        '- {{golfId}}',
        '- {{memberNumber}}',
        '',
      ].join('\n'),
    );
  });

  it('escapes text and strips scripts, event handlers and script links from rich text', async () => {
    const hostile = design({
      blocks: [
        { type: 'heading', id: 'h', text: '<script>alert(1)</script> & "citat"' },
        {
          type: 'text',
          id: 't',
          html:
            '<p onclick="steal()">Hej</p><script>alert(2)</script><style>p{display:none}</style>' +
            '<img src=x onerror="alert(3)"><iframe src="https://evil.example"></iframe>' +
            '<a href="javascript:alert(4)">klick</a> <a href="//evil.example/x">relativ</a> <a href="mailto:kansli@example.se">kansliet</a>',
        },
        {
          type: 'button',
          id: 'b',
          label: '</mj-button><mj-raw><script>alert(5)</script></mj-raw>',
          href: 'https://example.com/',
        },
      ],
    });
    const { html, text } = await renderDesign({ subject: '</mj-title><script>x</script>', lang: 'sv', design: hostile });
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/onclick|onerror|<iframe|javascript:|display:none}/i);
    expect(html).not.toContain('//evil.example');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;citat&quot;');
    expect(html).toContain('&lt;/mj-button&gt;&lt;mj-raw&gt;');
    expect(html).toContain('<a href="mailto:kansli@example.se" target="_blank" rel="noopener noreferrer"');
    // The text part has no markup to run; it says what was written.
    expect(text).toContain('<script>alert(1)</script> & "citat"');
    expect(text).not.toContain('alert(2)');
  });

  it('keeps only e-mail markup in rich text', () => {
    expect(sanitizeTextHtml('<p class="x" style="color:red">A <strong>B</strong> <u>C</u> <span>D</span></p><h1>E</h1>')).toBe(
      '<p>A <strong>B</strong> <u>C</u> D</p>E',
    );
  });

  it('names no component of MJML from user text: blocks become their own MJML elements only', () => {
    const mjml = designToMjml({ subject: 'S', lang: 'en', design: sample });
    const body = mjml.slice(mjml.indexOf('<mj-body'));
    expect(body.match(/<mj-(text|image|button|divider)\b/g)).toHaveLength(7);
    expect(mjml).not.toContain('mj-include');
  });
});

describe('renderForRecipient', () => {
  it('fills every member field in the subject, HTML and text, in the template’s language', async () => {
    const rendered = await renderDesign({ subject: 'Hej {{firstname}}, {{openBalance}} att betala', lang: 'sv', design: sample });
    const mail = renderForRecipient(
      { subject: 'Hej {{firstname}}, {{openBalance}} att betala', lang: 'sv', ...rendered },
      member,
    );
    expect(plain(mail.subject)).toBe('Hej Åsa, 1 234,50 kr att betala');
    expect(mail.html).toContain('Välkommen Åsa');
    expect(mail.html).toContain('Hej <b>Åsa</b>!');
    expect(plain(mail.html)).toContain('Betala 1 234,50 kr');
    expect(mail.html).toContain('<li>900101-001</li><li>1042</li>');
    expect(mail.html).toContain(
      '<div style="display:none;font-size:1px;color:#ffffff;line-height:1px;max-height:0px;max-width:0px;opacity:0;overflow:hidden;">Hej Åsa</div>',
    );
    expect(mail.html).not.toMatch(/\{\{\s*\w+\s*\}\}/);
    expect(plain(mail.text)).toContain('Hej Åsa! Du är skyldig 1 234,50 kr.');
    expect(mail.text).toContain('- 900101-001');

    const english = renderForRecipient({ subject: '{{openBalance}} due', lang: 'en', html: '{{openBalance}}', text: '' }, member);
    expect(english.subject).toBe(`${formatSek(123_450, 'en')} due`);
  });

  it('escapes a member’s values in the HTML, keeps them as written in the text, and keeps the subject on one line', () => {
    const hostile = { ...member, firstname: '<img src=x onerror=alert(1)>', lastname: 'Ek\r\nBcc: alla@example.se' };
    const mail = renderForRecipient(
      { subject: 'Hej {{fullName}}', lang: 'sv', html: '<p title="{{firstname}}">{{firstname}}</p>', text: '{{firstname}}' },
      hostile,
    );
    expect(mail.html).toBe('<p title="&lt;img src=x onerror=alert(1)&gt;">&lt;img src=x onerror=alert(1)&gt;</p>');
    expect(mail.text).toBe('<img src=x onerror=alert(1)>');
    expect(mail.subject).toBe('Hej <img src=x onerror=alert(1)> Ek Bcc: alla@example.se');
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });

  it('leaves empty fields empty and a name that is no member field as written', () => {
    const mail = renderForRecipient(
      { subject: '', lang: 'sv', html: '{{golfId}}|{{memberCategory}}|{{unknown}}', text: '{{email}}' },
      { ...member, golfId: null, memberCategory: null, email: null },
    );
    expect(mail.html).toBe('||{{unknown}}');
    expect(mail.text).toBe('');
  });
});

describe('the ready templates', () => {
  it('are every kind in Swedish and English, valid designs, naming only member fields', () => {
    expect(READY_TEMPLATES.map((r) => r.key).sort()).toEqual([...READY_TEMPLATE_KEYS].sort());
    expect(new Set(READY_TEMPLATES.map((r) => r.kind))).toEqual(new Set(READY_TEMPLATE_KINDS));
    for (const ready of READY_TEMPLATES) {
      const parsed = emailDesignSchema.safeParse(ready.design);
      expect(parsed.success, `${ready.key}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      const words = JSON.stringify(ready.design) + ready.subject;
      expect(unknownPlaceholders(words), ready.key).toEqual([]);
      expect(ready.key).toBe(`${ready.kind}-${ready.lang}`);
    }
  });

  it('render without MJML errors, and every member field of theirs is filled for a recipient', async () => {
    for (const ready of READY_TEMPLATES) {
      // validationLevel strict: an MJML error throws.
      const rendered = await renderDesign({
        subject: ready.subject,
        lang: ready.lang,
        design: emailDesignSchema.parse(ready.design),
      });
      expect(rendered.html).toContain(`<html lang="${ready.lang}"`);
      const mail = renderForRecipient({ subject: ready.subject, lang: ready.lang, ...rendered }, member);
      for (const part of [mail.subject, mail.html, mail.text]) expect(part).not.toMatch(/\{\{/);
      expect(mail.text).toContain('Alfa GK');
    }
  });

  it('use member fields the editor offers', () => {
    const used = new Set(
      READY_TEMPLATES.flatMap((r) => [...(JSON.stringify(r.design) + r.subject).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1])),
    );
    for (const field of used) expect(MEMBER_FIELDS).toContain(field);
  });
});
