/**
 * Swedish OCR references (bankgiro "OCR-nummer") as Fortnox makes them from the invoice number:
 * the number, optionally a length digit, then a Luhn (modulus 10) check digit. Banks reject a
 * reference whose check digit is wrong, so both the simulator and tests verify it.
 */

/** The Luhn check digit for `digits` (weights 2,1,2,1… from the right). */
export function luhnCheckDigit(digits: string): number {
  if (!/^\d+$/.test(digits)) throw new Error(`not digits: ${digits}`);
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]) * (i % 2 === 0 ? 2 : 1);
    if (d > 9) d -= 9;
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

export function isValidLuhn(reference: string): boolean {
  if (!/^\d{2,}$/.test(reference)) return false;
  return luhnCheckDigit(reference.slice(0, -1)) === Number(reference.at(-1));
}

/**
 * OCR for an invoice number. With `lengthDigit`, the second-to-last digit is the whole
 * reference's length modulo 10 (bankgiro's "längdkontroll"), which the check digit then covers.
 */
export function ocrReference(invoiceNumber: string, options: { lengthDigit?: boolean } = {}): string {
  if (!/^\d+$/.test(invoiceNumber)) throw new Error(`invoice number is not numeric: ${invoiceNumber}`);
  const base = options.lengthDigit ? `${invoiceNumber}${(invoiceNumber.length + 2) % 10}` : invoiceNumber;
  return `${base}${luhnCheckDigit(base)}`;
}
