import type { Lang } from '../constants';

/**
 * What a message calls a field when the form's own label is not at hand: the server's field
 * errors (a caller that bypasses the web form reads "Fältet e-post …", not "Fältet email …").
 * The web app passes its forms' labels instead. Keys are the API's field names.
 */
export const FIELD_LABELS: Readonly<Record<string, Readonly<Record<Lang, string>>>> = {
  accentColour: { sv: 'accentfärg', en: 'accent colour' },
  address: { sv: 'adress', en: 'address' },
  age: { sv: 'ålder', en: 'age' },
  alt: { sv: 'alternativtext', en: 'alt text' },
  backgroundColour: { sv: 'bakgrundsfärg', en: 'background colour' },
  city: { sv: 'ort', en: 'city' },
  clubAccountId: { sv: 'klubbkonto', en: 'club account' },
  clubAccountIds: { sv: 'klubbkonton', en: 'club accounts' },
  clubName: { sv: 'klubbens namn', en: 'club name' },
  colour: { sv: 'färg', en: 'colour' },
  contentColour: { sv: 'innehållets färg', en: 'content colour' },
  currentPassword: { sv: 'nuvarande lösenord', en: 'current password' },
  description: { sv: 'beskrivning', en: 'description' },
  design: { sv: 'utformning', en: 'design' },
  email: { sv: 'e-post', en: 'email' },
  firstname: { sv: 'förnamn', en: 'first name' },
  firstName: { sv: 'förnamn', en: 'first name' },
  hours: { sv: 'timmar', en: 'hours' },
  href: { sv: 'länk', en: 'link' },
  html: { sv: 'text', en: 'text' },
  label: { sv: 'knapptext', en: 'button text' },
  lastname: { sv: 'efternamn', en: 'last name' },
  lastName: { sv: 'efternamn', en: 'last name' },
  message: { sv: 'meddelande', en: 'message' },
  name: { sv: 'namn', en: 'name' },
  note: { sv: 'anteckning', en: 'note' },
  organisationName: { sv: 'organisationens namn', en: 'organisation name' },
  organisationNumber: { sv: 'organisationsnummer', en: 'organisation number' },
  password: { sv: 'lösenord', en: 'password' },
  passwordConfirmation: { sv: 'bekräftat lösenord', en: 'password confirmation' },
  phone: { sv: 'telefon', en: 'phone' },
  preheader: { sv: 'förhandstext', en: 'preview text' },
  role: { sv: 'roll', en: 'role' },
  roleId: { sv: 'roll', en: 'role' },
  src: { sv: 'bildadress', en: 'image address' },
  subject: { sv: 'ämne', en: 'subject' },
  text: { sv: 'text', en: 'text' },
  textColour: { sv: 'textfärg', en: 'text colour' },
  title: { sv: 'rubrik', en: 'title' },
  zipCode: { sv: 'postnummer', en: 'postcode' },
};

/** The label of an API field name in `lang`; a name without one is spelled out ("customerNumber" → "customer number"). */
export function fieldLabel(name: string, lang: Lang): string {
  const known = Object.hasOwn(FIELD_LABELS, name) ? FIELD_LABELS[name]?.[lang] : undefined;
  if (known) return known;
  return name
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
}
