import type { FastifyRequest } from 'fastify';
import { accountingMessages } from './messages/accounting';
import { articlesMessages } from './messages/articles';
import { authMessages } from './messages/auth';
import { backupMessages } from './messages/backup';
import { commonMessages } from './messages/common';
import { configurationsMessages } from './messages/configurations';
import { contractsMessages } from './messages/contracts';
import { customersMessages } from './messages/customers';
import { dubbelkollMessages } from './messages/dubbelkoll';
import { duplicatesHandlingMessages } from './messages/duplicates-handling';
import { eventlogsMessages } from './messages/eventlogs';
import { exportsMessages } from './messages/exports';
import { feesMessages } from './messages/fees';
import { gitMessages } from './messages/git';
import { gitGatewayMessages } from './messages/git-gateway';
import { gitImportMessages } from './messages/git-import';
import { gitReportMessages } from './messages/git-report';
import { gitSyncMessages } from './messages/git-sync';
import { helpMessages } from './messages/help';
import { integrationsMessages } from './messages/integrations';
import { invoicesMessages } from './messages/invoices';
import { memberCareMessages } from './messages/member-care';
import { membersMessages } from './messages/members';
import { notificationsMessages } from './messages/notifications';
import { permissionsMessages } from './messages/permissions';
import { receiptsMessages } from './messages/receipts';
import { runsMessages } from './messages/runs';
import { segmentsMessages } from './messages/segments';
import { smsProviderMessages } from './messages/sms-provider';
import { subscriptionsMessages } from './messages/subscriptions';
import { supportMessages } from './messages/support';
import type { MessageDictionary, MessageText } from './messages/types';
import { usersMessages } from './messages/users';

/**
 * Server-side texts (error messages, e-mail subjects…) in Swedish and English.
 *
 * Each feature keeps its own dictionary in `src/lib/messages/<feature>.ts`
 * (`export const <feature>Messages = { 'feature.key': { sv, en } } as const satisfies
 * MessageDictionary`, from lib/messages/types.ts) and adds it to `dictionaries` below; keys are namespaced by the feature so
 * dictionaries never collide, and `MessageKey` stays a checked union of every key.
 * Validation texts live in `@fairway/shared` (shared with the web app), not here.
 */
export type Lang = 'sv' | 'en';
export const DEFAULT_LANG: Lang = 'sv';

export type { MessageDictionary, MessageText };
/**
 * A placeholder's value; a MessageText is itself written in the reader's language (a default
 * role's name, say), so a message stored with its params (event log, notifications) still reads
 * right in either language.
 */
export type MessageParam = string | number | MessageText;
export type MessageParams = Record<string, MessageParam>;

const dictionaries = [
  commonMessages,
  dubbelkollMessages,
  authMessages,
  backupMessages,
  usersMessages,
  notificationsMessages,
  eventlogsMessages,
  configurationsMessages,
  subscriptionsMessages,
  permissionsMessages,
  accountingMessages,
  integrationsMessages,
  customersMessages,
  invoicesMessages,
  contractsMessages,
  segmentsMessages,
  articlesMessages,
  feesMessages,
  membersMessages,
  memberCareMessages,
  gitGatewayMessages,
  gitReportMessages,
  gitSyncMessages,
  gitMessages,
  gitImportMessages,
  receiptsMessages,
  runsMessages,
  exportsMessages,
  helpMessages,
  supportMessages,
  smsProviderMessages,
  duplicatesHandlingMessages,
] as const;

type Merge<T extends readonly object[]> = T extends readonly [infer H, ...infer R extends readonly object[]]
  ? H & Merge<R>
  : unknown;

export const messages = Object.assign({}, ...dictionaries) as Merge<typeof dictionaries>;
export type MessageKey = keyof typeof messages & string;

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(messages, key);
}

function fill(template: string, lang: Lang, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'object' ? value[lang] : String(value);
  });
}

/** The text of `key` in `lang`, with `{name}` placeholders filled from `params`. */
export function t(key: MessageKey, lang: Lang, params?: MessageParams): string {
  const entry = (messages as Record<string, MessageText>)[key];
  return fill(entry[lang], lang, params);
}

/** Both languages, as the error bodies carry them (docs/api.md#errors). */
export function bilingual(key: MessageKey, params?: MessageParams): { message: string; eng_message: string } {
  return { message: t(key, 'sv', params), eng_message: t(key, 'en', params) };
}

/**
 * The reader's language from `Accept-Language` (the web app sends its stored `lang`):
 * the first of sv/en in preference order wins, Swedish when neither is asked for.
 */
export function langFromHeader(header: string | string[] | undefined): Lang {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return DEFAULT_LANG;
  const ranked = value
    .split(',')
    .map((part, index) => {
      const [tag = '', ...attrs] = part.trim().split(';');
      const q = attrs.map((a) => a.trim()).find((a) => a.startsWith('q='));
      const quality = q ? Number.parseFloat(q.slice(2)) : 1;
      return { base: tag.trim().toLowerCase().split('-')[0], quality: Number.isNaN(quality) ? 0 : quality, index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const entry of ranked) {
    if (entry.base === 'sv' || entry.base === 'en') return entry.base;
  }
  return DEFAULT_LANG;
}

export function getLang(request: Pick<FastifyRequest, 'headers'>): Lang {
  return langFromHeader(request.headers['accept-language']);
}
