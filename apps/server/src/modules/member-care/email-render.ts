import {
  type EmailBlock,
  type EmailColumnBlock,
  type EmailDesign,
  type EmailFont,
  formatSek,
  isLinkUrl,
  type Lang,
  MEMBER_FIELDS,
  type MemberField,
  PLACEHOLDER_PATTERN,
} from '@fairway/shared';
import { convert } from 'html-to-text';
import sanitizeHtml from 'sanitize-html';

/**
 * E-mail rendering (docs/member-care.md#rendering): our block model → MJML → responsive HTML with
 * its CSS inlined, and a plain-text part written from the same blocks. Member fields stay as
 * `{{field}}` in both; `renderForRecipient` fills them per recipient with their values escaped,
 * so a send-out renders MJML once per template, not once per member.
 */

export interface RenderedEmail {
  html: string;
  text: string;
}

/** What a template's rendering reads. */
export interface RenderInput {
  subject: string;
  lang: Lang;
  design: EmailDesign;
}

const FONT_STACKS: Record<EmailFont, string> = {
  arial: 'Arial, Helvetica, sans-serif',
  helvetica: "'Helvetica Neue', Helvetica, Arial, sans-serif",
  georgia: "Georgia, 'Times New Roman', Times, serif",
  verdana: 'Verdana, Geneva, sans-serif',
  trebuchet: "'Trebuchet MS', Helvetica, Arial, sans-serif",
};

const HEADING_SIZES = { 1: 28, 2: 22, 3: 18 } as const;
const DIVIDER_COLOUR = '#d5dbd8';
const BUTTON_TEXT_COLOUR = '#ffffff';

/** Text and attribute values for HTML and MJML: the five characters that could end or open markup. */
export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/**
 * A text block's HTML reduced to what an e-mail needs: paragraphs, line breaks, emphasis, links
 * and lists. Scripts and styles go with their content; any other tag goes and keeps its text;
 * attributes other than a link's address go; a link leads only to a web or mailto: address.
 */
export function sanitizeTextHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ul', 'ol', 'li'],
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesAppliedToAttributes: ['href'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: {
      a: (tagName, attribs) => {
        const href = (attribs.href ?? '').trim();
        const kept: Record<string, string> = isLinkUrl(href) ? { href, target: '_blank', rel: 'noopener noreferrer' } : {};
        return { tagName, attribs: kept };
      },
    },
  });
}

const attrs = (values: Record<string, string | number | null | undefined>) =>
  Object.entries(values)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => `${k}="${escapeHtml(String(v))}"`)
    .join(' ');

function leafMjml(block: EmailColumnBlock, design: EmailDesign): string {
  switch (block.type) {
    case 'heading': {
      const size = HEADING_SIZES[block.level];
      const tag = `h${block.level}`;
      return `<mj-text ${attrs({ align: block.align, 'css-class': 'fw-heading' })}><${tag} style="margin:0;font-size:${size}px;line-height:1.25;font-weight:bold;">${escapeHtml(block.text)}</${tag}></mj-text>`;
    }
    case 'text':
      return `<mj-text ${attrs({ align: block.align })}>${sanitizeTextHtml(block.html)}</mj-text>`;
    case 'image':
      return `<mj-image ${attrs({
        src: block.src,
        alt: block.alt,
        href: block.href,
        width: block.width === null ? null : `${block.width}px`,
        align: block.align,
        rel: block.href ? 'noopener noreferrer' : null,
      })} />`;
    case 'button':
      return `<mj-button ${attrs({
        href: block.href,
        align: block.align,
        'background-color': block.colour ?? design.settings.accentColour,
        color: BUTTON_TEXT_COLOUR,
        rel: 'noopener noreferrer',
      })}>${escapeHtml(block.label)}</mj-button>`;
    case 'divider':
      return `<mj-divider ${attrs({
        'border-color': block.colour ?? DIVIDER_COLOUR,
        'border-width': `${block.thickness}px`,
      })} />`;
  }
}

const COLUMN_WIDTHS = { '50-50': ['50%', '50%'], '33-67': ['33%', '67%'], '67-33': ['67%', '33%'] } as const;

/** The body's sections: runs of single blocks share one section; a two-column block has its own. */
function bodyMjml(design: EmailDesign): string {
  const sections: string[] = [];
  let run: string[] = [];
  const section = (columns: string) =>
    `<mj-section ${attrs({ 'background-color': design.settings.contentColour, padding: '0' })}>${columns}</mj-section>`;
  const flush = () => {
    if (run.length > 0) sections.push(section(`<mj-column>${run.join('')}</mj-column>`));
    run = [];
  };
  for (const block of design.blocks) {
    if (block.type !== 'columns') {
      run.push(leafMjml(block, design));
      continue;
    }
    flush();
    const [left, right] = COLUMN_WIDTHS[block.split];
    const column = (width: string, blocks: EmailColumnBlock[]) =>
      `<mj-column ${attrs({ width })}>${blocks.map((b) => leafMjml(b, design)).join('')}</mj-column>`;
    sections.push(section(column(left, block.left) + column(right, block.right)));
  }
  flush();
  return sections.join('\n');
}

/** The whole MJML document of a design. */
export function designToMjml(input: RenderInput): string {
  const { settings } = input.design;
  const font = FONT_STACKS[settings.font];
  return [
    `<mjml ${attrs({ lang: input.lang, dir: 'ltr' })}>`,
    '<mj-head>',
    `<mj-title>${escapeHtml(input.subject)}</mj-title>`,
    settings.preheader ? `<mj-preview>${escapeHtml(settings.preheader)}</mj-preview>` : '',
    '<mj-attributes>',
    `<mj-all ${attrs({ 'font-family': font })} />`,
    `<mj-text ${attrs({ color: settings.textColour, 'font-size': '16px', 'line-height': '1.5', padding: '8px 24px' })} />`,
    `<mj-image ${attrs({ padding: '8px 24px' })} />`,
    `<mj-button ${attrs({ 'font-size': '16px', 'font-weight': 'bold', 'border-radius': '6px', 'inner-padding': '12px 24px', padding: '12px 24px' })} />`,
    `<mj-divider ${attrs({ padding: '16px 24px' })} />`,
    '</mj-attributes>',
    // Inlined into the elements by MJML (juice), so mail programs that drop <style> still show it.
    `<mj-style inline="inline">a { color: ${settings.accentColour}; } .fw-heading h1, .fw-heading h2, .fw-heading h3 { color: ${settings.textColour}; }</mj-style>`,
    '</mj-head>',
    `<mj-body ${attrs({ 'background-color': settings.backgroundColour, width: '600px' })}>`,
    `<mj-wrapper ${attrs({ padding: '24px 0', 'background-color': settings.backgroundColour })}>`,
    bodyMjml(input.design),
    '</mj-wrapper>',
    '</mj-body>',
    '</mjml>',
  ].join('\n');
}

/** The plain-text part of one block. */
function leafText(block: EmailColumnBlock): string {
  switch (block.type) {
    case 'heading':
      return block.level === 3
        ? block.text
        : `${block.text}\n${(block.level === 1 ? '=' : '-').repeat(Math.min(block.text.length, 70))}`;
    case 'text':
      return convert(sanitizeTextHtml(block.html), {
        wordwrap: 78,
        selectors: [
          { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
          { selector: 'p', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
          { selector: 'ul', options: { itemPrefix: '- ' } },
        ],
      }).trim();
    case 'image':
      if (!block.alt) return block.href ? block.href : '';
      return block.href ? `[${block.alt}] ${block.href}` : `[${block.alt}]`;
    case 'button':
      return `${block.label}: ${block.href}`;
    case 'divider':
      return '----------';
  }
}

function blockText(block: EmailBlock): string[] {
  if (block.type === 'columns') return [...block.left, ...block.right].map(leafText);
  return [leafText(block)];
}

/** The plain-text part: the blocks in order, a blank line between them. */
export function designToText(design: EmailDesign): string {
  const parts = design.blocks.flatMap(blockText).filter((part) => part !== '');
  return `${parts.join('\n\n')}\n`;
}

/** Renders a template's design to HTML (MJML, CSS inlined) and plain text; member fields stay as `{{field}}`. */
export async function renderDesign(input: RenderInput): Promise<RenderedEmail> {
  // Loaded on first use, not at start: MJML costs about 60 MB (docs/operations.md#memory).
  const { default: mjml2html } = await import('mjml');
  const result = await mjml2html(designToMjml(input), {
    validationLevel: 'strict',
    keepComments: false,
    // No web fonts: nothing in the e-mail is loaded from another site but the club's own images.
    fonts: {},
    ignoreIncludes: true,
  });
  return { html: result.html, text: designToText(input.design) };
}

// ---- per recipient ----------------------------------------------------------------------------

/** What a send-out knows of a recipient: their member record, balance and club (docs/member-care.md#member-fields). */
export interface RecipientFields {
  firstname: string;
  lastname: string;
  golfId: string | null;
  memberNumber: string | null;
  email: string | null;
  memberCategory: string | null;
  /** The sum of the member's open invoices, in öre. */
  invoiceBalanceOre: number;
  clubName: string;
}

/** Each member field's value as the reader sees it, in the template's language. */
export function memberFieldValues(member: RecipientFields, lang: Lang): Record<MemberField, string> {
  return {
    firstname: member.firstname,
    lastname: member.lastname,
    fullName: `${member.firstname} ${member.lastname}`.trim(),
    golfId: member.golfId ?? '',
    memberNumber: member.memberNumber ?? '',
    email: member.email ?? '',
    memberCategory: member.memberCategory ?? '',
    openBalance: formatSek(member.invoiceBalanceOre, lang),
    clubName: member.clubName,
  };
}

const KNOWN_FIELDS = new Set<string>(MEMBER_FIELDS);

/** Puts the values in for `{{field}}`; names that are no member field are left as written. */
export function fillPlaceholders(text: string, values: Record<MemberField, string>, encode: (value: string) => string): string {
  return text.replace(PLACEHOLDER_PATTERN, (whole, name: string) =>
    KNOWN_FIELDS.has(name) ? encode(values[name as MemberField]) : whole,
  );
}

/** A line break in a subject would start a new mail header: values in a subject are one line. */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ');

/**
 * One recipient's e-mail from a rendered template: the subject, HTML and text with the member's
 * own values put in for `{{field}}` (escaped in the HTML, one line in the subject). What later
 * send-outs call for every recipient.
 */
export function renderForRecipient(
  template: { subject: string; html: string; text: string; lang: Lang },
  member: RecipientFields,
): { subject: string; html: string; text: string } {
  const values = memberFieldValues(member, template.lang);
  return {
    subject: oneLine(fillPlaceholders(template.subject, values, oneLine)),
    html: fillPlaceholders(template.html, values, escapeHtml),
    text: fillPlaceholders(template.text, values, (v) => v),
  };
}
