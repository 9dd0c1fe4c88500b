/** Quarterly payment adds 80 SEK ex VAT per month (docs/subscriptions.md#terms), in öre. */
export const QUARTERLY_SURCHARGE_ORE_PER_MONTH = 8_000;

/** The commitment of every subscription term (docs/subscriptions.md#terms). */
export const COMMITMENT_MONTHS = 12;
