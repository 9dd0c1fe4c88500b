import { describe, expect, it } from 'vitest';
import { issuesToFieldErrors } from '../validation/issues';
import {
  EMAIL_COLUMN_BLOCKS_MAX,
  emailDesignSchema,
  emailTemplateBodySchema,
  isLinkUrl,
  isWebUrl,
  MEMBER_FIELD_LABELS,
  MEMBER_FIELDS,
  READY_TEMPLATE_KEYS,
  unknownPlaceholders,
} from './member-care.schemas';

const errorsOf = (value: unknown, lang: 'sv' | 'en' = 'en') => {
  const r = emailTemplateBodySchema.safeParse(value);
  return r.success ? {} : issuesToFieldErrors(r.error.issues, lang);
};

describe('the e-mail template body', () => {
  it('takes a title alone and fills every default: an empty design in Swedish', () => {
    expect(emailTemplateBodySchema.parse({ title: ' Nyhetsbrev ' })).toEqual({
      title: 'Nyhetsbrev',
      subject: '',
      lang: 'sv',
      design: {
        version: 1,
        settings: {
          preheader: '',
          backgroundColour: '#f1f3f2',
          contentColour: '#ffffff',
          textColour: '#1f2a24',
          accentColour: '#1d6b43',
          font: 'arial',
        },
        blocks: [],
      },
    });
  });

  it('fills each block’s defaults', () => {
    const design = emailDesignSchema.parse({
      blocks: [
        { type: 'image', id: 'i', src: 'https://example.com/a.png' },
        { type: 'columns', id: 'c', left: [{ type: 'divider', id: 'd' }] },
      ],
    });
    expect(design.blocks).toEqual([
      { type: 'image', id: 'i', src: 'https://example.com/a.png', alt: '', href: '', width: null, align: 'center' },
      { type: 'columns', id: 'c', split: '50-50', left: [{ type: 'divider', id: 'd', colour: null, thickness: 1 }], right: [] },
    ]);
  });

  it('names member fields only from the list, with a message that lists them', () => {
    expect(unknownPlaceholders('Hej {{firstname}} {{ golfId }} {{förnamn}} {{namn}} {{namn}}')).toEqual(['förnamn', 'namn']);
    expect(unknownPlaceholders('{{x}}{{firstname}}{{ y_2 }}')).toEqual(['x', 'y_2']);
    const errors = errorsOf(
      { title: 'T', design: { blocks: [{ type: 'button', id: 'b', label: '{{saldo}}', href: 'https://example.com' }] } },
      'sv',
    );
    expect(errors['design.blocks.0.label']?.[0]).toBe(
      `Medlemsfältet {{saldo}} finns inte. Använd ${MEMBER_FIELDS.map((f) => `{{${f}}}`).join(', ')}.`,
    );
  });

  it('takes web and mailto: links, and web addresses only for images', () => {
    expect(isLinkUrl('https://example.com/a?b=c')).toBe(true);
    expect(isLinkUrl('mailto:kansli@example.se')).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,x',
      '//example.com',
      '/relativ',
      'mailto:',
      'ftp://example.com',
      'https://',
    ]) {
      expect(isLinkUrl(bad), bad).toBe(false);
    }
    expect(isWebUrl('http://localhost:3000/api/v1/member_care/newsletter/images/x')).toBe(true);
    expect(isWebUrl('mailto:kansli@example.se')).toBe(false);
  });

  it('refuses a column inside a column, too many blocks in a column, and unknown fields anywhere', () => {
    const tooMany = Array.from({ length: EMAIL_COLUMN_BLOCKS_MAX + 1 }, (_, i) => ({ type: 'divider', id: `d${i}` }));
    const errors = errorsOf({
      title: 'T',
      design: {
        settings: { font: 'comic-sans', extra: 1 },
        blocks: [
          { type: 'columns', id: 'c', left: [{ type: 'columns', id: 'c2' }], right: tooMany },
          { type: 'heading', id: 'h', text: 'Rubrik', level: 4, onclick: 'x' },
          { type: 'divider', id: 'två ord' },
        ],
      },
    });
    expect(Object.keys(errors).sort()).toEqual(
      [
        'design.blocks.0.left.0.type',
        'design.blocks.0.right',
        'design.blocks.1.level',
        'design.blocks.1.onclick',
        'design.blocks.2.id',
        'design.settings.extra',
        'design.settings.font',
      ].sort(),
    );
    expect(errors['design.blocks.0.right']).toEqual([`A column may have at most ${EMAIL_COLUMN_BLOCKS_MAX} blocks`]);
  });
});

describe('member fields and ready templates', () => {
  it('have labels in both languages and a key per kind and language', () => {
    for (const field of MEMBER_FIELDS) {
      expect(MEMBER_FIELD_LABELS[field].sv).not.toBe('');
      expect(MEMBER_FIELD_LABELS[field].en).not.toBe('');
    }
    expect(READY_TEMPLATE_KEYS).toContain('payment-reminder-sv');
    expect(READY_TEMPLATE_KEYS).toHaveLength(8);
  });
});
