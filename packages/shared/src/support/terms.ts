/** A contact message is answered within this many hours (docs/help.md#contact). */
export const CONTACT_REPLY_HOURS = 48;
