import {
  type ApiConfiguration,
  apiConfigurationSchema,
  CONFIGURATION_DEFAULTS,
  CONFIGURATION_GROUPS,
  CONFIGURATION_SCHEMAS,
  type ConfigurationEntry,
  type ConfigurationGroup,
  type Configurations,
  type ConfigurationValues,
  encodeMessage,
} from '@fairway/shared';
import type { Db, Tx } from '../../db/client';
import { BusinessError, type FieldMessages, NotFoundError, ValidationError } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import { type ClubAccountReach, reaches } from '../organizations/tenant';
import { clubAccountIdsOf } from '../users/users.repository';
import {
  type AccountTenant,
  findStored,
  findStoredById,
  listStored,
  type StoredConfiguration,
  saveStored,
} from './configurations.repository';

export type { AccountTenant };

/** The club account the request acts for; configurations cannot be read or saved without one. */
export function accountTenantOf(auth: Pick<AuthContext, 'organisationId' | 'clubAccountId'>): AccountTenant {
  if (!auth.clubAccountId) throw new BusinessError(400, 'configurations.noClubAccount');
  return { organisationId: auth.organisationId, clubAccountId: auth.clubAccountId };
}

/**
 * Stored values over the defaults. A stored field that no longer passes the group's schema (the
 * schema grew stricter since it was saved) falls back to its default instead of breaking the
 * features that read it.
 */
export function withDefaults<G extends ConfigurationGroup>(group: G, stored?: Record<string, unknown>): ConfigurationValues[G] {
  const defaults = CONFIGURATION_DEFAULTS[group] as unknown as Record<string, unknown>;
  const schema = CONFIGURATION_SCHEMAS[group];
  const merged: Record<string, unknown> = { ...defaults };
  for (const [key, value] of Object.entries(stored ?? {})) if (Object.hasOwn(defaults, key)) merged[key] = value;
  for (let attempt = 0; attempt <= Object.keys(defaults).length; attempt++) {
    const result = schema.safeParse(merged);
    if (result.success) return result.data as ConfigurationValues[G];
    for (const issue of result.error.issues) {
      const key = issue.path[0];
      if (typeof key === 'string' && Object.hasOwn(defaults, key)) merged[key] = defaults[key];
    }
  }
  return CONFIGURATION_DEFAULTS[group];
}

function toEntry<G extends ConfigurationGroup>(group: G, stored?: StoredConfiguration): ConfigurationEntry<G> {
  return {
    id: stored?.id ?? null,
    group,
    values: withDefaults(group, stored?.values),
    updatedAt: stored?.updatedAt.toISOString() ?? null,
  };
}

/**
 * The values of one group for a club account, defaults filled in. This is what features read,
 * e.g. `(await getConfiguration(db, tenant, 'invoice')).paymentTermsDays`.
 */
export async function getConfiguration<G extends ConfigurationGroup>(
  conn: Db | Tx,
  tenant: AccountTenant,
  group: G,
): Promise<ConfigurationValues[G]> {
  return withDefaults(group, (await findStored(conn, tenant, group))?.values);
}

/**
 * The refusal of a call that needs a setting the club account has not made (or made wrongly):
 * 400 with the field's message, naming the setting so the web can say where it is set and link
 * there (`setting` in the error body, packages/shared/src/errors.ts).
 */
export function settingRequired<G extends ConfigurationGroup>(
  group: G,
  field: keyof ConfigurationValues[G] & string,
  message: string,
): ValidationError {
  return new ValidationError({ [field]: [message] }, undefined, { group, field });
}

export async function getConfigurationEntry<G extends ConfigurationGroup>(
  conn: Db | Tx,
  tenant: AccountTenant,
  group: G,
): Promise<ConfigurationEntry<G>> {
  return toEntry(group, await findStored(conn, tenant, group));
}

export async function listConfigurations(conn: Db | Tx, tenant: AccountTenant): Promise<Configurations> {
  const stored = new Map((await listStored(conn, tenant)).map((row) => [row.group, row]));
  const groups = Object.fromEntries(CONFIGURATION_GROUPS.map((group) => [group, toEntry(group, stored.get(group))]));
  return { clubAccountId: tenant.clubAccountId, groups: groups as Configurations['groups'] };
}

function issuesToMessages(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldMessages {
  const out: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || '_';
    out[field] = [...(out[field] ?? []), issue.message];
  }
  return out;
}

/**
 * Who saves a configuration: the user (`request.auth`), whose club accounts bound the ones a
 * configuration may point at, or a setup without a user (the demo, tests) with `reach: null`.
 */
export interface ConfigurationAuthor {
  userId: string;
  reach: ClubAccountReach | null;
}

/**
 * The API group's rules beyond its shape (docs/configurations.md#api): a club to sync to when auto sync is on, which
 * must be a club account of the organisation the author was given (syncs later write into it on
 * their behalf), and start dates within their window.
 */
async function checkApiConfiguration(
  tx: Tx,
  tenant: AccountTenant,
  author: ConfigurationAuthor,
  values: ApiConfiguration,
): Promise<void> {
  const previous = await getConfiguration(tx, tenant, 'api');
  const result = apiConfigurationSchema({ previous }).safeParse(values);
  const errors = result.success ? {} : issuesToMessages(result.error.issues);
  if (values.club_to_sync && !errors.club_to_sync) {
    const [club] = await clubAccountIdsOf(tx, tenant, [values.club_to_sync]);
    if (!club || (author.reach && !reaches(author.reach, club))) errors.club_to_sync = [encodeMessage('invalid_value')];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/** PUT configurations/{group}: replaces the group's values for the club account in use. */
export async function saveConfiguration<G extends ConfigurationGroup>(
  db: Db,
  tenant: AccountTenant,
  author: ConfigurationAuthor,
  group: G,
  values: ConfigurationValues[G],
): Promise<ConfigurationEntry<G>> {
  const stored = await db.transaction(async (tx) => {
    if (group === 'api') await checkApiConfiguration(tx, tenant, author, values as ApiConfiguration);
    return saveStored(tx, tenant, group, values as unknown as Record<string, unknown>, author.userId);
  });
  return toEntry(group, stored);
}

/** The entry of one group, whichever it is. */
type AnyConfigurationEntry = { [G in ConfigurationGroup]: ConfigurationEntry<G> }[ConfigurationGroup];

/**
 * PUT configurations/{id}: the same save by the stored row's id (`id` of the entry). The values must
 * pass the schema of the row's own group, whatever group they would also fit; an id of another club
 * account or organisation is not found.
 */
export async function saveConfigurationById(
  db: Db,
  tenant: AccountTenant,
  author: ConfigurationAuthor,
  id: string,
  body: unknown,
): Promise<AnyConfigurationEntry> {
  const stored = await findStoredById(db, tenant, id);
  const group = CONFIGURATION_GROUPS.find((g) => g === stored?.group);
  if (!group) throw new NotFoundError('configurations.notFound');
  const parsed = CONFIGURATION_SCHEMAS[group].safeParse(body);
  if (!parsed.success) throw new ValidationError(issuesToMessages(parsed.error.issues));
  return (await saveConfiguration(
    db,
    tenant,
    author,
    group,
    parsed.data as ConfigurationValues[typeof group],
  )) as AnyConfigurationEntry;
}
