import type { MessageDictionary } from './types';

/** Messages of members, member and player categories and families (modules/members). */
export const membersMessages = {
  'members.noClubAccount': {
    sv: 'Du har ingen klubb vald. Välj en klubb för att se och ändra medlemmar.',
    en: 'You have no club account in use. Choose a club account to see and change members.',
  },
  'members.notFound': { sv: 'Medlemmen finns inte', en: 'The member does not exist' },
  'members.noteNotFound': { sv: 'Anteckningen finns inte', en: 'The note does not exist' },
  'members.memberCategoryNotFound': { sv: 'Medlemskategorin finns inte', en: 'The member category does not exist' },
  'members.playerCategoryNotFound': { sv: 'Spelarkategorin finns inte', en: 'The player category does not exist' },
  'members.familyNotFound': { sv: 'Familjen finns inte', en: 'The family does not exist' },
  // "Kindly select one or more ..." for an empty selection (docs/members-and-fees.md#members).
  'members.selectMembers': { sv: 'Välj en eller flera medlemmar', en: 'Kindly select one or more members' },
  // The family rule: member and role must be given (docs/members-and-fees.md#families).
  'members.familyMemberMissing': {
    sv: 'Medlemmen saknas i familjeträdet: ange både medlem och roll',
    en: 'The member is missing from the family tree: give both member and role',
  },
  'members.inOtherFamily': {
    sv: '{name} finns redan i familjen {family}',
    en: '{name} already belongs to the family {family}',
  },
  'members.familyHasPayer': {
    sv: 'Familjen har redan en betalare. Ändra familjen för att byta betalare.',
    en: 'The family already has a payer. Edit the family to change the payer.',
  },
  'members.payerLeaves': {
    sv: '{name} är betalare i familjen {family}: välj en annan betalare först',
    en: '{name} is the payer of the family {family}: choose another payer first',
  },
  'members.gitOwnedBulk': {
    sv: '{count} av de valda medlemmarna kommer från GIT, där aktiv och medlemskategori ändras',
    en: '{count} of the selected members come from GIT, where active and member category are changed',
  },
  // Event log activities.
  'members.created': { sv: '{actor} skapade medlemmen {name}', en: '{actor} created the member {name}' },
  'members.deleted': { sv: '{actor} tog bort medlemmen {name}', en: '{actor} deleted the member {name}' },
  'members.bulkActivated': { sv: '{actor} aktiverade {count} medlemmar', en: '{actor} activated {count} members' },
  'members.bulkDeactivated': { sv: '{actor} inaktiverade {count} medlemmar', en: '{actor} deactivated {count} members' },
  'members.bulkCategorySet': {
    sv: '{actor} ändrade medlemskategori för {count} medlemmar',
    en: '{actor} changed the member category of {count} members',
  },
  'members.bulkFeeRuleSet': {
    sv: '{actor} ändrade avgiftsregel för {count} medlemmar',
    en: '{actor} changed the fee rule of {count} members',
  },
  'members.bulkDeleted': { sv: '{actor} tog bort {count} medlemmar', en: '{actor} deleted {count} members' },
  'members.familyCreated': {
    sv: '{actor} skapade familjen {name} med {count} medlemmar',
    en: '{actor} created the family {name} with {count} members',
  },
  'members.familyDeleted': { sv: '{actor} tog bort familjen {name}', en: '{actor} deleted the family {name}' },
} as const satisfies MessageDictionary;
