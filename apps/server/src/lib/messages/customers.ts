import type { MessageDictionary } from './types';

/** Messages of the customers feature (docs/accounting-data.md#customers). */
export const customersMessages = {
  'customers.notFound': { sv: 'Kunden finns inte.', en: 'The customer does not exist.' },
  'customers.event.created': { sv: '{user} skapade kunden {number} {name}', en: '{user} created the customer {number} {name}' },
  'customers.event.updated': { sv: '{user} ändrade kunden {number} {name}', en: '{user} changed the customer {number} {name}' },
  'customers.export.filename': { sv: 'kunder', en: 'customers' },
  'customers.export.number': { sv: 'Kundnummer', en: 'Customer number' },
  'customers.export.name': { sv: 'Namn', en: 'Name' },
  'customers.export.type': { sv: 'Typ', en: 'Type' },
  'customers.export.company': { sv: 'Företag', en: 'Company' },
  'customers.export.private': { sv: 'Privatperson', en: 'Private' },
  'customers.export.organisationNumber': { sv: 'Organisations-/personnummer', en: 'Organisation/personal number' },
  'customers.export.address': { sv: 'Adress', en: 'Address' },
  'customers.export.zipCode': { sv: 'Postnummer', en: 'Zip code' },
  'customers.export.city': { sv: 'Ort', en: 'City' },
  'customers.export.email': { sv: 'E-post', en: 'E-mail' },
  'customers.export.phone': { sv: 'Telefon', en: 'Phone' },
  'customers.export.active': { sv: 'Aktiv', en: 'Active' },
  'customers.export.yes': { sv: 'Ja', en: 'Yes' },
  'customers.export.no': { sv: 'Nej', en: 'No' },
} as const satisfies MessageDictionary;
