import type { MessageDictionary } from './types';

/** Messages of fee types, fees and fee rules (modules/fees), including their event-log activities. */
export const feesMessages = {
  'fees.noClubAccount': {
    sv: 'Du har ingen klubb vald. Välj en klubb för att se och ändra avgifter.',
    en: 'You have no club account in use. Choose a club account to see and change fees.',
  },
  'fees.feeTypeNotFound': { sv: 'Avgiftstypen finns inte', en: 'The fee type does not exist' },
  'fees.feeNotFound': { sv: 'Avgiften finns inte', en: 'The fee does not exist' },
  'fees.feeRuleNotFound': { sv: 'Avgiftsregeln finns inte', en: 'The fee rule does not exist' },
  'fees.feeTypeInUse': {
    sv: 'Avgiftstypen {name} används av {count} avgifter och kan inte tas bort. Byt typ på avgifterna eller ta bort dem först.',
    en: 'The fee type {name} is used by {count} fees and cannot be deleted. Change the type of those fees or delete them first.',
  },
  'fees.feeInUse': {
    sv: 'Avgiften {name} ingår i avgiftsreglerna {rules} och kan inte tas bort. Ta bort den ur reglerna först.',
    en: 'The fee {name} is part of the fee rules {rules} and cannot be deleted. Remove it from those rules first.',
  },
  'fees.feeTypeCreated': { sv: '{actor} skapade avgiftstypen {name}', en: '{actor} created the fee type {name}' },
  'fees.feeTypeUpdated': { sv: '{actor} ändrade avgiftstypen {name}', en: '{actor} changed the fee type {name}' },
  'fees.feeTypeDeleted': { sv: '{actor} tog bort avgiftstypen {name}', en: '{actor} deleted the fee type {name}' },
  'fees.feeCreated': { sv: '{actor} skapade avgiften {name}', en: '{actor} created the fee {name}' },
  'fees.feeUpdated': { sv: '{actor} ändrade avgiften {name}', en: '{actor} changed the fee {name}' },
  'fees.feeDeleted': { sv: '{actor} tog bort avgiften {name}', en: '{actor} deleted the fee {name}' },
  'fees.feeRuleCreated': { sv: '{actor} skapade avgiftsregeln {name}', en: '{actor} created the fee rule {name}' },
  'fees.feeRuleUpdated': { sv: '{actor} ändrade avgiftsregeln {name}', en: '{actor} changed the fee rule {name}' },
  'fees.feeRuleDeleted': { sv: '{actor} tog bort avgiftsregeln {name}', en: '{actor} deleted the fee rule {name}' },
} as const satisfies MessageDictionary;
