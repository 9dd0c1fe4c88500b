import type { MessageDictionary } from './types';

/** Messages of customer and article segments (modules/segments), including their event-log activities. */
export const segmentsMessages = {
  'segments.noClubAccount': {
    sv: 'Du har ingen klubb vald. Välj en klubb för att se och ändra segment.',
    en: 'You have no club account in use. Choose a club account to see and change segments.',
  },
  'segments.customerSegmentNotFound': {
    sv: 'Kundsegmentet finns inte',
    en: 'The customer segment does not exist',
  },
  'segments.articleSegmentNotFound': {
    sv: 'Artikelsegmentet finns inte',
    en: 'The article segment does not exist',
  },
  'segments.customerSegmentCreated': {
    sv: '{actor} skapade kundsegmentet {name} med {count} kunder',
    en: '{actor} created the customer segment {name} with {count} customers',
  },
  'segments.customerSegmentUpdated': {
    sv: '{actor} ändrade kundsegmentet {name} ({count} kunder)',
    en: '{actor} changed the customer segment {name} ({count} customers)',
  },
  'segments.customerSegmentDeleted': {
    sv: '{actor} tog bort kundsegmentet {name}',
    en: '{actor} deleted the customer segment {name}',
  },
  'segments.articleSegmentCreated': {
    sv: '{actor} skapade artikelsegmentet {name} med {count} artiklar',
    en: '{actor} created the article segment {name} with {count} articles',
  },
  'segments.articleSegmentUpdated': {
    sv: '{actor} ändrade artikelsegmentet {name} ({count} artiklar)',
    en: '{actor} changed the article segment {name} ({count} articles)',
  },
  'segments.articleSegmentDeleted': {
    sv: '{actor} tog bort artikelsegmentet {name}',
    en: '{actor} deleted the article segment {name}',
  },
} as const satisfies MessageDictionary;
