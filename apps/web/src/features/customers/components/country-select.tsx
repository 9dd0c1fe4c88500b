import { Select, type SelectProps } from '@mantine/core';
import type { Ref } from 'react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** ISO 3166-1 alpha-2 codes of today's countries and territories; names come from Intl. */
const COUNTRY_CODES = [
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY',
  'BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK',
  'FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR',
  'IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK',
  'ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM',
  'PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF',
  'TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW',
]
  .join(' ')
  .split(' ');

/** The Nordic neighbours first: most of a Swedish golf club's customers live there. */
const FIRST = ['SE', 'NO', 'DK', 'FI'];

export interface CountrySelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  /** Focus target of the form library (React 19 passes refs as props). */
  ref?: Ref<HTMLInputElement>;
  value: string | null | undefined;
  onChange: (code: string | null) => void;
}

/** Country by name in the reader's language; a code the list lacks is kept and shown as it is. */
export function CountrySelect({ value, onChange, ...props }: CountrySelectProps) {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'sv';
  const data = useMemo(() => {
    const names = new Intl.DisplayNames([lang], { type: 'region', fallback: 'code' });
    const collator = new Intl.Collator(lang);
    const option = (code: string) => ({ value: code, label: names.of(code) ?? code });
    const rest = COUNTRY_CODES.filter((c) => !FIRST.includes(c))
      .map(option)
      .sort((a, b) => collator.compare(a.label, b.label));
    const list = [...FIRST.map(option), ...rest];
    if (value && !COUNTRY_CODES.includes(value)) list.unshift({ value, label: value });
    return list;
  }, [lang, value]);
  return (
    <Select
      {...props}
      data={data}
      value={value || null}
      onChange={(code) => onChange(code)}
      searchable
      clearable
      nothingFoundMessage="—"
      comboboxProps={{ withinPortal: true }}
    />
  );
}
