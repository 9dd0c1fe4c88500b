import { z } from 'zod';
import { LANGUAGES, type Lang } from '../constants';
import { paginationSchema } from '../errors';
import { encodeMessage } from '../validation/messages';
import { optionalString, requiredString } from '../validation/rules';

/**
 * Member care's e-mail templates (docs/member-care.md). A template is a title, a subject, the
 * language it is written in and a `design`: the editor's document, a list of blocks
 * (docs/member-care.md#the-block-model) stored as sent. The server renders the design to HTML and
 * plain text when the template is saved; both are read-only in answers.
 */

// ---- member fields ----------------------------------------------------------------------------

/**
 * The member fields a text may name as `{{field}}` (docs/member-care.md#member-fields); each
 * recipient's own value is put in when the e-mail is made for them.
 */
export const MEMBER_FIELDS = [
  'firstname',
  'lastname',
  'fullName',
  'golfId',
  'memberNumber',
  'email',
  'memberCategory',
  'openBalance',
  'clubName',
] as const;
export type MemberField = (typeof MEMBER_FIELDS)[number];

/** What the editor calls each member field, in the reader's language. */
export const MEMBER_FIELD_LABELS: Record<MemberField, Record<Lang, string>> = {
  firstname: { sv: 'Förnamn', en: 'First name' },
  lastname: { sv: 'Efternamn', en: 'Last name' },
  fullName: { sv: 'Namn', en: 'Name' },
  golfId: { sv: 'Golf-ID', en: 'Golf ID' },
  memberNumber: { sv: 'Medlemsnummer', en: 'Member number' },
  email: { sv: 'E-post', en: 'E-mail' },
  memberCategory: { sv: 'Medlemskategori', en: 'Member category' },
  openBalance: { sv: 'Obetalt belopp', en: 'Open invoice balance' },
  clubName: { sv: 'Klubbens namn', en: 'Club name' },
};

/**
 * `{{firstname}}`, with optional spaces inside the braces (`{{ firstname }}`). Any name is found,
 * `{{förnamn}}` too, so a name that is no member field is refused rather than sent as written.
 */
export const PLACEHOLDER_PATTERN = /\{\{\s*([^{}\s]{1,40})\s*\}\}/gu;

export const placeholderOf = (field: MemberField) => `{{${field}}}`;

/** The names inside `{{…}}` in `text` that are no member field, each once. */
export function unknownPlaceholders(text: string): string[] {
  const unknown = new Set<string>();
  for (const match of text.matchAll(PLACEHOLDER_PATTERN)) {
    const name = match[1] as string;
    if (!(MEMBER_FIELDS as readonly string[]).includes(name)) unknown.add(name);
  }
  return [...unknown];
}

/** Text that may name member fields: each `{{name}}` must be one of MEMBER_FIELDS. */
const withPlaceholders = <T extends z.ZodType<string>>(schema: T) =>
  schema.superRefine((value, ctx) => {
    for (const name of unknownPlaceholders(value)) {
      ctx.addIssue({
        code: 'custom',
        message: encodeMessage('member_care_unknown_field', {
          name: `{{${name}}}`,
          fields: MEMBER_FIELDS.map((f) => placeholderOf(f)).join(', '),
        }),
      });
    }
  });

// ---- the block model --------------------------------------------------------------------------

export const EMAIL_TEMPLATE_TITLE_MAX = 120;
export const EMAIL_SUBJECT_MAX = 200;
export const EMAIL_PREHEADER_MAX = 200;
export const EMAIL_HEADING_MAX = 200;
/** A text block's HTML as the editor writes it (tags included). */
export const EMAIL_TEXT_HTML_MAX = 20_000;
export const EMAIL_BUTTON_LABEL_MAX = 80;
export const EMAIL_ALT_MAX = 200;
export const EMAIL_URL_MAX = 2048;
/** Blocks at the top level of a design, and in each of a two-column block's columns. */
export const EMAIL_BLOCKS_MAX = 60;
export const EMAIL_COLUMN_BLOCKS_MAX = 10;
/** The whole design, as JSON: enough for a long newsletter, far from what a request may carry. */
export const EMAIL_DESIGN_MAX_CHARS = 256_000;
/** The e-mail's content width in pixels (MJML's default, read well in every mail program). */
export const EMAIL_CONTENT_WIDTH = 600;

export const EMAIL_ALIGNS = ['left', 'center', 'right'] as const;
export type EmailAlign = (typeof EMAIL_ALIGNS)[number];

/** Fonts every mail program has: nothing is loaded from another site (docs/member-care.md#rendering). */
export const EMAIL_FONTS = ['arial', 'helvetica', 'georgia', 'verdana', 'trebuchet'] as const;
export type EmailFont = (typeof EMAIL_FONTS)[number];

/** How a two-column block shares the width: left–right in percent. */
export const EMAIL_COLUMN_SPLITS = ['50-50', '33-67', '67-33'] as const;
export type EmailColumnSplit = (typeof EMAIL_COLUMN_SPLITS)[number];

/** Block ids are the editor's own (for moving and selecting blocks), not rows of ours. */
const blockId = () =>
  z
    .string()
    .max(40)
    .regex(/^[A-Za-z0-9_-]+$/, { message: encodeMessage('alpha_dash') });

const colour = () =>
  z
    .string()
    .max(7)
    .regex(/^#[0-9a-fA-F]{6}$/, { message: encodeMessage('member_care_colour') });

function parsedUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** An absolute web address: what a mail program can open or load. */
export function isWebUrl(value: string): boolean {
  const url = parsedUrl(value);
  return url !== null && (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
}

/** Where a link or button may lead: a web address, or an e-mail address as `mailto:`. */
export function isLinkUrl(value: string): boolean {
  if (isWebUrl(value)) return true;
  const url = parsedUrl(value);
  return url !== null && url.protocol === 'mailto:' && url.pathname.includes('@');
}

const linkUrl = () =>
  z
    .string()
    .trim()
    .max(EMAIL_URL_MAX)
    .refine(isLinkUrl, { message: encodeMessage('member_care_link') });

const imageUrl = () =>
  z
    .string()
    .trim()
    .max(EMAIL_URL_MAX)
    .refine(isWebUrl, { message: encodeMessage('member_care_image_url') });

const align = () => z.enum(EMAIL_ALIGNS);

export const headingBlockSchema = z
  .object({
    type: z.literal('heading'),
    id: blockId(),
    text: withPlaceholders(requiredString(EMAIL_HEADING_MAX)),
    level: z.literal([1, 2, 3]).default(1),
    align: align().default('left'),
  })
  .strict();

/**
 * Rich text as the editor writes it: paragraphs, line breaks, bold, italic, underline, struck,
 * links and lists. Anything else (scripts, styles, event attributes) is removed when the
 * template is rendered (docs/member-care.md#rendering); the document keeps what was sent.
 */
export const textBlockSchema = z
  .object({
    type: z.literal('text'),
    id: blockId(),
    html: withPlaceholders(optionalString(EMAIL_TEXT_HTML_MAX)),
    align: align().default('left'),
  })
  .strict();

export const imageBlockSchema = z
  .object({
    type: z.literal('image'),
    id: blockId(),
    src: imageUrl(),
    alt: optionalString(EMAIL_ALT_MAX).default(''),
    /** Where a click on the image leads; empty for nowhere. */
    href: z
      .string()
      .trim()
      .max(EMAIL_URL_MAX)
      .refine((v) => v === '' || isLinkUrl(v), { message: encodeMessage('member_care_link') })
      .default(''),
    /** Pixels; null fills the column. */
    width: z.number().int().min(40).max(EMAIL_CONTENT_WIDTH).nullable().default(null),
    align: align().default('center'),
  })
  .strict();

export const buttonBlockSchema = z
  .object({
    type: z.literal('button'),
    id: blockId(),
    label: withPlaceholders(requiredString(EMAIL_BUTTON_LABEL_MAX)),
    href: linkUrl(),
    /** Null: the design's accent colour. */
    colour: colour().nullable().default(null),
    align: align().default('center'),
  })
  .strict();

export const dividerBlockSchema = z
  .object({
    type: z.literal('divider'),
    id: blockId(),
    /** Null: a light grey. */
    colour: colour().nullable().default(null),
    thickness: z.number().int().min(1).max(8).default(1),
  })
  .strict();

/** The blocks a column of a two-column block may hold: every kind but columns. */
export const columnBlockSchema = z.discriminatedUnion('type', [
  headingBlockSchema,
  textBlockSchema,
  imageBlockSchema,
  buttonBlockSchema,
  dividerBlockSchema,
]);
export type EmailColumnBlock = z.infer<typeof columnBlockSchema>;

const columnBlocks = () =>
  z
    .array(columnBlockSchema)
    .max(EMAIL_COLUMN_BLOCKS_MAX, { message: encodeMessage('member_care_column_blocks_max', { max: EMAIL_COLUMN_BLOCKS_MAX }) })
    .default([]);

/** Two columns side by side on a wide screen, one above the other on a phone. */
export const columnsBlockSchema = z
  .object({
    type: z.literal('columns'),
    id: blockId(),
    split: z.enum(EMAIL_COLUMN_SPLITS).default('50-50'),
    left: columnBlocks(),
    right: columnBlocks(),
  })
  .strict();

export const emailBlockSchema = z.discriminatedUnion('type', [
  headingBlockSchema,
  textBlockSchema,
  imageBlockSchema,
  buttonBlockSchema,
  dividerBlockSchema,
  columnsBlockSchema,
]);
export type EmailBlock = z.infer<typeof emailBlockSchema>;
export type EmailBlockInput = z.input<typeof emailBlockSchema>;
export const EMAIL_BLOCK_TYPES = ['heading', 'text', 'image', 'button', 'divider', 'columns'] as const;
export type EmailBlockType = (typeof EMAIL_BLOCK_TYPES)[number];

export const emailDesignSettingsSchema = z
  .object({
    /** The line mail programs show after the subject in the inbox. */
    preheader: withPlaceholders(optionalString(EMAIL_PREHEADER_MAX)).default(''),
    backgroundColour: colour().default('#f1f3f2'),
    contentColour: colour().default('#ffffff'),
    textColour: colour().default('#1f2a24'),
    /** Buttons and links. */
    accentColour: colour().default('#1d6b43'),
    font: z.enum(EMAIL_FONTS).default('arial'),
  })
  .strict();

/** The editor's document (docs/member-care.md#the-block-model). */
export const emailDesignSchema = z
  .object({
    version: z.literal(1).default(1),
    settings: emailDesignSettingsSchema.prefault({}),
    blocks: z
      .array(emailBlockSchema)
      .max(EMAIL_BLOCKS_MAX, { message: encodeMessage('member_care_blocks_max', { max: EMAIL_BLOCKS_MAX }) })
      .default([]),
  })
  .strict()
  .superRefine((design, ctx) => {
    if (JSON.stringify(design).length > EMAIL_DESIGN_MAX_CHARS) {
      ctx.addIssue({
        code: 'custom',
        message: encodeMessage('member_care_design_size', { max: Math.floor(EMAIL_DESIGN_MAX_CHARS / 1000) }),
      });
    }
  });
export type EmailDesign = z.infer<typeof emailDesignSchema>;
export type EmailDesignInput = z.input<typeof emailDesignSchema>;

// ---- templates --------------------------------------------------------------------------------

/** POST member_care/templates and PUT member_care/templates/{id}: the whole template. */
export const emailTemplateBodySchema = z
  .object({
    title: requiredString(EMAIL_TEMPLATE_TITLE_MAX),
    subject: withPlaceholders(optionalString(EMAIL_SUBJECT_MAX)).default(''),
    lang: z.enum(LANGUAGES).default('sv'),
    design: emailDesignSchema.prefault({}),
  })
  .strict();
export type EmailTemplateBody = z.infer<typeof emailTemplateBodySchema>;
export type EmailTemplateBodyInput = z.input<typeof emailTemplateBodySchema>;

/**
 * POST member_care/templates/preview: what the editor shows before saving. The subject and design
 * are checked like a save's; the language decides how member fields such as the open balance read.
 */
export const emailTemplatePreviewBodySchema = emailTemplateBodySchema.pick({ subject: true, lang: true, design: true });
export type EmailTemplatePreviewBody = z.infer<typeof emailTemplatePreviewBodySchema>;
export type EmailTemplatePreviewBodyInput = z.input<typeof emailTemplatePreviewBodySchema>;

/** The preview's answer: the e-mail as one member would get it (docs/member-care.md#preview). */
export const emailTemplatePreviewSchema = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});
export type EmailTemplatePreview = z.infer<typeof emailTemplatePreviewSchema>;

/** GET member_care/templates/{id}: the template with the HTML and text rendered from its design. */
export const emailTemplateSchema = z.object({
  id: z.string().uuid(),
  title: z.string(),
  subject: z.string(),
  lang: z.enum(LANGUAGES),
  design: emailDesignSchema,
  /** Responsive HTML, CSS inlined, member fields still as `{{field}}`. */
  html: z.string(),
  /** The plain-text part, member fields still as `{{field}}`. */
  text: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

/** GET member_care/templates: one row of the list (no design, no rendering). */
export const emailTemplateListItemSchema = emailTemplateSchema.pick({
  id: true,
  title: true,
  subject: true,
  lang: true,
  createdAt: true,
  updatedAt: true,
});
export type EmailTemplateListItem = z.infer<typeof emailTemplateListItemSchema>;

export const EMAIL_TEMPLATE_SORTS = ['title', 'updatedAt', 'createdAt'] as const;
export type EmailTemplateSort = (typeof EMAIL_TEMPLATE_SORTS)[number];

/** GET member_care/templates: search in title and subject, sorting, pages; the latest change first by default. */
export const emailTemplatesListQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
    search: z.string().trim().max(100).optional(),
    sort: z.enum(EMAIL_TEMPLATE_SORTS).default('updatedAt'),
    order: z.enum(['asc', 'desc']).default('desc'),
  })
  .strict();
export type EmailTemplatesListQuery = z.infer<typeof emailTemplatesListQuerySchema>;

export const emailTemplatesListResponseSchema = z.object({
  data: z.array(emailTemplateListItemSchema),
  pagination: paginationSchema,
});

// ---- ready templates --------------------------------------------------------------------------

/** The ready templates the product ships, each in Swedish and English (docs/member-care.md#ready-templates). */
export const READY_TEMPLATE_KINDS = ['newsletter', 'course-news', 'payment-reminder', 'welcome'] as const;
export type ReadyTemplateKind = (typeof READY_TEMPLATE_KINDS)[number];
/** A ready template's key: its kind and language, e.g. `newsletter-sv`. */
export const READY_TEMPLATE_KEYS = READY_TEMPLATE_KINDS.flatMap((kind) => LANGUAGES.map((lang) => `${kind}-${lang}` as const));
export type ReadyTemplateKey = `${ReadyTemplateKind}-${Lang}`;

/** GET member_care/templates/ready: a ready template, rendered, to preview and copy. */
export const readyTemplateSchema = z.object({
  key: z.enum(READY_TEMPLATE_KEYS as [ReadyTemplateKey, ...ReadyTemplateKey[]]),
  kind: z.enum(READY_TEMPLATE_KINDS),
  lang: z.enum(LANGUAGES),
  title: z.string(),
  subject: z.string(),
  design: emailDesignSchema,
  html: z.string(),
  text: z.string(),
});
export type ReadyTemplate = z.infer<typeof readyTemplateSchema>;

export const readyTemplatesQuerySchema = z.object({ lang: z.enum(LANGUAGES).optional() }).strict();

export const readyTemplateParamsSchema = z
  .object({ key: z.enum(READY_TEMPLATE_KEYS as [ReadyTemplateKey, ...ReadyTemplateKey[]]) })
  .strict();

// ---- newsletter images ------------------------------------------------------------------------

/** The image types a newsletter may carry: what every mail program shows. */
export const NEWSLETTER_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type NewsletterImageType = (typeof NEWSLETTER_IMAGE_TYPES)[number];
export const NEWSLETTER_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The multipart field of POST member_care/newsletter/images. */
export const NEWSLETTER_IMAGE_FIELD = 'image';

/** POST member_care/newsletter/images: the stored image and the address it is served from. */
export const newsletterImageSchema = z.object({
  id: z.string().uuid(),
  /** Absolute, on the portal's own origin: what an image block's `src` takes. */
  url: z.string(),
  contentType: z.enum(NEWSLETTER_IMAGE_TYPES),
  size: z.number().int(),
  createdAt: z.string(),
});
export type NewsletterImage = z.infer<typeof newsletterImageSchema>;
