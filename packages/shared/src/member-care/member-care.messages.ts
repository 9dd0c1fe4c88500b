import type { Lang } from '../constants';

/**
 * Validation texts of member care's e-mail templates and newsletter images (docs/member-care.md),
 * merged into VALIDATION_MESSAGES so both apps translate them like every other rule.
 */
export const MEMBER_CARE_VALIDATION_MESSAGES = {
  member_care_unknown_field: {
    sv: 'Medlemsfältet {name} finns inte. Använd {fields}.',
    en: 'There is no member field {name}. Use {fields}.',
  },
  member_care_link: {
    sv: 'Ange en fullständig adress som börjar med https:// (eller mailto: för en e-postlänk)',
    en: 'Enter a full address starting with https:// (or mailto: for an e-mail link)',
  },
  member_care_image_url: {
    sv: 'Ange en fullständig bildadress som börjar med https://',
    en: 'Enter a full image address starting with https://',
  },
  member_care_colour: { sv: 'Ange en färg som #RRGGBB', en: 'Enter a colour as #RRGGBB' },
  member_care_blocks_max: {
    sv: 'Mallen får ha högst {max} block',
    en: 'The template may have at most {max} blocks',
  },
  member_care_column_blocks_max: {
    sv: 'En kolumn får ha högst {max} block',
    en: 'A column may have at most {max} blocks',
  },
  member_care_design_size: {
    sv: 'Mallen är för stor: högst {max} kB får sparas',
    en: 'The template is too large: at most {max} kB can be saved',
  },
  member_care_image_type: {
    sv: 'Bilden måste vara PNG, JPEG, GIF eller WebP',
    en: 'The image must be PNG, JPEG, GIF or WebP',
  },
  member_care_image_size: { sv: 'Bilden får vara högst {max} MB', en: 'The image may be at most {max} MB' },
  sendout_age_range: { sv: 'Åldern till får inte vara lägre än åldern från', en: 'The age to may not be below the age from' },
  sendout_send_at: { sv: 'Ange datum och tid som ÅÅÅÅ-MM-DDTHH:MM', en: 'Enter the date and time as YYYY-MM-DDTHH:MM' },
  sendout_max_days_back: { sv: 'Högst 7 dagar bakåt i tiden', en: 'Maximum 7 Days Back time' },
  sendout_test_address: {
    sv: 'Ange en e-postadress att skicka testet till',
    en: 'Test sending requires a test e-mail address',
  },
  sendout_test_number: {
    sv: 'Ange ett mobilnummer att skicka testet till',
    en: 'Test sending requires a test mobile number',
  },
} as const satisfies Record<string, Record<Lang, string>>;
