import type { Lang } from '../constants';
import { EXPORTS_VALIDATION_MESSAGES } from '../exports/exports.messages';
import { FEES_VALIDATION_MESSAGES } from '../fees/fees.messages';
import { GIT_IMPORT_VALIDATION_MESSAGES } from '../git/git-import.messages';
import { GIT_REPORT_VALIDATION_MESSAGES } from '../git/git-report.messages';
import { GIT_SYNC_VALIDATION_MESSAGES } from '../git/git-sync.messages';
import { HELP_VALIDATION_MESSAGES } from '../help/help.messages';
import { MEMBER_CARE_VALIDATION_MESSAGES } from '../member-care/member-care.messages';
import { SMS_VALIDATION_MESSAGES } from '../member-care/sms.messages';
import { MEMBERS_VALIDATION_MESSAGES } from '../members/members.messages';
import { SUPPORT_VALIDATION_MESSAGES } from '../support/support.messages';

/**
 * Validation messages, written once for the server and the web app. Zod issues carry a message
 * *key* (optionally with parameters, see `encodeMessage`), so the text is chosen at display time
 * in the reader's language. Texts clubs have always read are kept verbatim, typos included (docs/api.md#validation).
 */
export const VALIDATION_MESSAGES = {
  required: { sv: 'Detta fält är obligatoriskt', en: 'This field is required' },
  email: { sv: 'Fältet {field} måste vara en giltig e-postadress', en: 'The {field} field must be a valid email' },
  min: { sv: 'Fältet {field} måste vara minst {min} tecken', en: 'The {field} field must be at least {min} characters' },
  max: { sv: 'Fältet {field} får vara högst {max} tecken', en: 'The {field} field may not be greater than {max} characters' },
  min_value: { sv: 'Fältet {field} måste vara {min} eller mer', en: 'The {field} field must be {min} or more' },
  max_value: { sv: 'Fältet {field} måste vara {max} eller mindre', en: 'The {field} field must be {max} or less' },
  between: {
    sv: 'Fältet {field} måste vara mellan {min} och {max}',
    en: 'The {field} field must be between {min} and {max}',
  },
  confirmed: { sv: 'Fältet {field} matchar inte', en: 'The {field} field confirmation does not match' },
  regex: { sv: 'Fältet {field} har ett ogiltigt format', en: 'The {field} field format is invalid' },
  alpha: { sv: 'Fältet {field} får bara innehålla bokstäver', en: 'The {field} field may only contain alphabetic characters' },
  alpha_dash: {
    sv: 'Fältet {field} får bara innehålla bokstäver, siffror, bindestreck och understreck',
    en: 'The {field} field may contain alpha-numeric characters as well as dashes and underscores',
  },
  alpha_num: {
    sv: 'Fältet {field} får bara innehålla bokstäver och siffror',
    en: 'The {field} field may only contain alpha-numeric characters',
  },
  integer: { sv: 'Fältet {field} måste vara ett heltal', en: 'The {field} field must be an integer' },
  digits: {
    sv: 'Fältet {field} måste vara numeriskt och exakt {length} siffror',
    en: 'The {field} field must be numeric and exactly contain {length} digits',
  },
  length: { sv: 'Fältet {field} måste vara exakt {length} tecken', en: 'The {field} field must be exactly {length} characters' },
  invalid_type: { sv: 'Fältet {field} har fel typ', en: 'The {field} field has the wrong type' },
  invalid_value: { sv: 'Fältet {field} har ett ogiltigt värde', en: 'The {field} field has an invalid value' },
  unknown_field: { sv: 'Okänt fält', en: 'Unknown field' },
  invalid: { sv: 'Ogiltigt värde', en: 'Invalid value' },
  unstorable_text: {
    sv: 'Fältet {field} innehåller ett tecken som inte kan sparas',
    en: 'The {field} field contains a character that cannot be saved',
  },
  positive: { sv: 'Ange ett positivt tal!', en: 'Please enter positive number!' },
  password: {
    sv: 'Ditt {field} måste innehålla minst en versal, en gemen, ett specialtecken och en siffra',
    en: 'Your {field} must contain at least one uppercase, one lowercase, one special character and one digit',
  },
  max7: { sv: 'Fältet {field} måste vara {length} eller mindre', en: 'The field {field} must be {length} or less' },
  url: { sv: 'URL:en är ogiltig', en: 'URL is invalid' },
  git_address_not_allowed: {
    sv: 'Portalen får inte anropa den adressen. Ange adressen till GIT:s API som din leverantör har gett dig.',
    en: 'The portal may not call that address. Enter the address of GIT’s API that your provider gave you.',
  },
  org_number: {
    sv: 'Ogiltigt organisationsnummer, ange i följande fromat: XXXXXX-XXXX',
    en: 'Invalid organisation number, use the following format: XXXXXX-XXXX',
  },
  password_confirmation: { sv: 'Lösenorden matchar inte', en: 'The passwords do not match' },
  password_reused: {
    sv: 'Det nya lösenordet måste skilja sig från tidigare lösenord',
    en: 'The new password must differ from your earlier passwords',
  },
  package_required: { sv: 'Paket måste väljas', en: 'Package is required' },
  accounting_program_required: { sv: 'Bokföringsprogram måste väljas', en: 'Accounting Program is required' },
  terms_required: { sv: 'Du måste godkänna våra villkor', en: 'Please agree to our terms & condition' },
  golf_club_required: { sv: 'Du måste välja en golfklubb', en: 'You must choose a golfclub' },
  customer_number_required: { sv: 'Kundnummer krävs', en: 'Customer number required' },
  club_name_required: { sv: 'Golfklubbens namn krävs', en: 'Golf club name required' },
  tier_required: { sv: 'Välj en nivå', en: 'Choose a tier' },
  company_name_required: { sv: 'Företagets namn krävs', en: 'Company name required' },
  sender_name: {
    sv: 'Avsändarens namn behöver vara minst 1 och högst 11 karaktärer',
    en: 'Sender Name max length must be 11 and min length 1',
  },
  sender_name_required: { sv: 'Avsändarens namn krävs', en: 'Sender Name is required' },
  image_type: { sv: 'Bilden måste vara PNG, JPEG eller WebP', en: 'The image must be PNG, JPEG or WebP' },
  image_size: { sv: 'Bilden får vara högst 2 MB', en: 'The image may be at most 2 MB' },
  phone: { sv: 'Ogiltigt telefonnummer', en: 'Invalid phone number' },
  role_name_taken: { sv: 'Det finns redan en roll med det namnet', en: 'A role with that name already exists' },
  role_required: { sv: 'Välj en roll', en: 'Choose a role' },
  duplicate_field_required: {
    sv: 'Fältet {name} måste jämföras',
    en: 'The field {name} must be compared',
  },
  duplicate_field_twice: { sv: 'Ett fält är valt två gånger', en: 'A field is chosen twice' },
  club_to_sync_required: { sv: 'Välj vilken klubb data ska synkas till', en: 'Kindly select club to sync data to' },
  date_months_back: {
    sv: 'Välj ett datum högst {months} månader bakåt i tiden',
    en: 'Choose a date up to {months} months back in time',
  },
  date: { sv: 'Ange ett giltigt datum (ÅÅÅÅ-MM-DD)', en: 'Enter a valid date (YYYY-MM-DD)' },
  personal_number: {
    sv: 'Ogiltigt personnummer, ange i följande format: ÅÅMMDD-XXXX',
    en: 'Invalid personal identity number, use the following format: YYMMDD-XXXX',
  },
  // Segments (customer and article segments, docs/accounting-data.md#segments).
  segment_name_taken: { sv: 'Det finns redan ett segment med det namnet', en: 'A segment with that name already exists' },
  segment_member_taken: {
    sv: '{number} finns redan i segmentet {segment}',
    en: '{number} already belongs to the segment {segment}',
  },
  // Articles (docs/accounting-data.md#articles).
  ean: {
    sv: 'Ogiltig EAN-kod: ange 8, 12, 13 eller 14 siffror med rätt kontrollsiffra',
    en: 'Invalid EAN: enter 8, 12, 13 or 14 digits with the right check digit',
  },
  vat_rate: { sv: 'Momssatsen måste vara 25, 12, 6 eller 0 %', en: 'The VAT rate must be 25, 12, 6 or 0 %' },
  article_number: {
    sv: 'Artikelnumret får bara innehålla bokstäver a–z, siffror och - _ + / .',
    en: 'The article number may only contain letters a–z, digits and - _ + / .',
  },
  // Contracts (docs/accounting-data.md#contracts).
  contract_length_interval: {
    sv: 'Avtalslängden måste vara en multipel av faktureringsintervallet',
    en: 'The contract length must be a multiple of the invoice interval',
  },
  contract_row_article: {
    sv: 'Avtalets rader måste ha en artikel',
    en: 'Contract rows need an article',
  },
  period_end_before_start: {
    sv: 'Periodens slut kan inte vara före dess start',
    en: 'The period cannot end before it starts',
  },
  two_decimals: { sv: 'Ange högst två decimaler', en: 'Use at most two decimals' },
  date_not_past: { sv: 'Välj dagens datum eller ett senare', en: 'Choose today or a later date' },
  // Invoices (docs/invoices.md).
  due_before_invoice_date: {
    sv: 'Förfallodatum kan inte vara före fakturadatum',
    en: 'The due date cannot be before the invoice date',
  },
  amount_exceeds_balance: {
    sv: 'Beloppet får vara högst fakturans saldo, {balance} kr',
    en: 'The amount may be at most the invoice balance, {balance} kr',
  },
  // Members, categories and families (docs/members-and-fees.md).
  ...MEMBERS_VALIDATION_MESSAGES,
  // Fees (fee type, fee, fee rule; docs/members-and-fees.md#fees).
  ...FEES_VALIDATION_MESSAGES,
  ...HELP_VALIDATION_MESSAGES,
  // Exports (docs/exports.md#period).
  ...EXPORTS_VALIDATION_MESSAGES,
  // The GIT Excel import (column mapping).
  ...GIT_IMPORT_VALIDATION_MESSAGES,
  // Reporting payments and credits back to GIT.
  ...GIT_REPORT_VALIDATION_MESSAGES,
  // The GIT → accounting sync.
  ...GIT_SYNC_VALIDATION_MESSAGES,
  // Support, the contact form and the launch signup.
  ...SUPPORT_VALIDATION_MESSAGES,
  // SMS: the sender beyond its length, the recipient's number (member-care/sms.ts).
  ...SMS_VALIDATION_MESSAGES,
  // Member care: e-mail templates and newsletter images (docs/member-care.md).
  ...MEMBER_CARE_VALIDATION_MESSAGES,
} as const satisfies Record<string, Record<Lang, string>>;

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;
export type MessageParams = Record<string, string | number>;

const SEPARATOR = '|';

/** Encodes a key and its parameters into a zod issue message, e.g. `max|{"max":100}`. */
export function encodeMessage(key: ValidationMessageKey, params?: MessageParams): string {
  return params && Object.keys(params).length > 0 ? `${key}${SEPARATOR}${JSON.stringify(params)}` : key;
}

export function decodeMessage(message: string): { key: ValidationMessageKey; params: MessageParams } | null {
  const at = message.indexOf(SEPARATOR);
  const key = at === -1 ? message : message.slice(0, at);
  if (!Object.hasOwn(VALIDATION_MESSAGES, key)) return null;
  let params: MessageParams = {};
  if (at !== -1) {
    try {
      params = JSON.parse(message.slice(at + 1)) as MessageParams;
    } catch {
      return null;
    }
  }
  return { key: key as ValidationMessageKey, params };
}

export function fillTemplate(template: string, params: MessageParams): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (params[name] === undefined ? whole : String(params[name])));
}

/**
 * Turns an issue message (an encoded key, or plain text) into the reader's language. `field` is
 * the label put in `{field}`: the caller's translated label, else the field's own name.
 */
export function translateValidationMessage(message: string, lang: Lang, field?: string): string {
  const decoded = decodeMessage(message);
  if (!decoded) return message;
  const template = VALIDATION_MESSAGES[decoded.key][lang];
  return fillTemplate(template, { field: field ?? (lang === 'sv' ? 'fältet' : 'field'), ...decoded.params });
}
