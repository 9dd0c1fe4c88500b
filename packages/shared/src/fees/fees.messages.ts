import type { Lang } from '../constants';

/** Validation messages of fee types, fees and fee rules; part of VALIDATION_MESSAGES. */
export const FEES_VALIDATION_MESSAGES = {
  fee_type_name_taken: { sv: 'Det finns redan en avgiftstyp med det namnet', en: 'A fee type with that name already exists' },
  fee_type_unknown: { sv: 'Avgiftstypen finns inte', en: 'The fee type does not exist' },
  fee_rule_fees_required: { sv: 'Välj minst en avgift', en: 'Choose at least one fee' },
  fee_unknown: { sv: 'En av de valda avgifterna finns inte', en: 'One of the chosen fees does not exist' },
  fee_rule_not_found_field: { sv: 'Avgiftsregeln finns inte', en: 'The fee rule does not exist' },
  fee_rule_discount_over_total: {
    sv: 'Rabatten får vara högst avgifternas summa, {total} kr',
    en: 'The discount may be at most the sum of the fees, {total} kr',
  },
} as const satisfies Record<string, Record<Lang, string>>;
