/**
 * The shape of a dictionary of server texts. Its own file, so that each feature's dictionary
 * (lib/messages/<feature>.ts) need not import lib/i18n.ts, which imports every dictionary.
 */
export interface MessageText {
  sv: string;
  en: string;
}
export type MessageDictionary = Record<string, MessageText>;
