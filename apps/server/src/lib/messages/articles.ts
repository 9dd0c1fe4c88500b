import type { MessageDictionary } from './types';

/** Messages of the articles feature (docs/accounting-data.md#articles). */
export const articlesMessages = {
  'articles.notFound': { sv: 'Artikeln finns inte.', en: 'The article does not exist.' },
  'articles.event.created': {
    sv: '{user} skapade artikeln {number} {description}',
    en: '{user} created the article {number} {description}',
  },
  'articles.event.updated': {
    sv: '{user} ändrade artikeln {number} {description}',
    en: '{user} changed the article {number} {description}',
  },
  'articles.export.filename': { sv: 'artiklar', en: 'articles' },
  'articles.export.number': { sv: 'Artikelnummer', en: 'Article number' },
  'articles.export.description': { sv: 'Benämning', en: 'Description' },
  'articles.export.type': { sv: 'Typ', en: 'Type' },
  'articles.export.stock': { sv: 'Lagervara', en: 'Goods' },
  'articles.export.service': { sv: 'Tjänst', en: 'Service' },
  'articles.export.unit': { sv: 'Enhet', en: 'Unit' },
  'articles.export.ean': { sv: 'EAN', en: 'EAN' },
  'articles.export.vat': { sv: 'Moms %', en: 'VAT %' },
  'articles.export.salesPrice': { sv: 'Försäljningspris', en: 'Sales price' },
  'articles.export.purchasePrice': { sv: 'Inköpspris', en: 'Purchase price' },
  'articles.export.margin': { sv: 'Marginal %', en: 'Margin %' },
  'articles.export.stockItem': { sv: 'Lagerförd', en: 'Stock item' },
  'articles.export.quantity': { sv: 'I lager', en: 'In stock' },
  'articles.export.stockValue': { sv: 'Lagervärde', en: 'Stock value' },
  'articles.export.salesAccount': { sv: 'Försäljningskonto', en: 'Sales account' },
  'articles.export.active': { sv: 'Aktiv', en: 'Active' },
  'articles.export.yes': { sv: 'Ja', en: 'Yes' },
  'articles.export.no': { sv: 'Nej', en: 'No' },
} as const satisfies MessageDictionary;
