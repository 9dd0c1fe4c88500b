import type { Lang } from '../constants';

/**
 * Validation texts of members, member categories and families (docs/members-and-fees.md: the
 * family rule and the 'Kindly select one or more ...' selection rule), merged into
 * VALIDATION_MESSAGES so that `encodeMessage` and both apps translate them like every other rule.
 */
export const MEMBERS_VALIDATION_MESSAGES = {
  golf_id: {
    sv: 'Ogiltigt golf-ID, ange i följande format: ÅÅMMDD-NNN',
    en: 'Invalid golf ID, use the following format: YYMMDD-NNN',
  },
  golf_id_taken: {
    sv: 'Golf-ID {golfId} används redan av en annan medlem',
    en: 'The golf ID {golfId} is already used by another member',
  },
  personal_number_member: {
    sv: 'Ogiltigt personnummer, ange ÅÅÅÅMMDD-NNNN eller ÅÅMMDD-NNNN med rätt kontrollsiffra',
    en: 'Invalid personal identity number, use YYYYMMDD-NNNN or YYMMDD-NNNN with the right check digit',
  },
  hcp: {
    sv: 'Handicap måste vara mellan -10 och 54 med högst en decimal',
    en: 'The handicap must be between -10 and 54 with at most one decimal',
  },
  birth_date_future: { sv: 'Födelsedatumet kan inte vara i framtiden', en: 'The birth date cannot be in the future' },
  age_range: { sv: 'Lägsta ålder kan inte vara högre än högsta ålder', en: 'The lowest age cannot be above the highest age' },
  select_members: { sv: 'Välj en eller flera medlemmar', en: 'Kindly select one or more members' },
  family_member_missing: {
    sv: 'Medlemmen saknas i familjeträdet: ange både medlem och roll',
    en: 'The member is missing from the family tree: give both member and role',
  },
  family_one_payer: {
    sv: 'En familj ska ha exakt en betalare',
    en: 'A family must have exactly one payer',
  },
  family_member_twice: {
    sv: 'Samma medlem finns två gånger i familjen',
    en: 'The same member is in the family twice',
  },
  discount_percentage: {
    sv: 'Rabatten i procent måste vara mellan 0 och 100',
    en: 'The percentage discount must be between 0 and 100',
  },
  guardian_self: { sv: 'En medlem kan inte vara sin egen målsman', en: 'A member cannot be their own guardian' },
  git_owned_field: {
    sv: 'Uppgiften kommer från GIT och ändras i GIT',
    en: 'This comes from GIT and is changed in GIT',
  },
  member_not_found_field: { sv: 'Medlemmen finns inte', en: 'The member does not exist' },
  category_not_found_field: { sv: 'Kategorin finns inte', en: 'The category does not exist' },
  category_code_taken: {
    sv: 'Det finns redan en kategori med koden {code}',
    en: 'A category with the code {code} already exists',
  },
} as const satisfies Record<string, Record<Lang, string>>;
