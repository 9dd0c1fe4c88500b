import { z } from 'zod';
import { configurationGroupSchema } from './configurations/configurations.schemas';

/**
 * A configuration setting a refusal is about (a required setting not made yet): the group of the
 * configurations page and the field in it, so the client can name the setting and link to it.
 */
export const settingRefSchema = z.object({ group: configurationGroupSchema, field: z.string().max(100) }).strict();
export type SettingRef = z.infer<typeof settingRefSchema>;

/** Error bodies (docs/api.md#errors): `message` is Swedish, `eng_message` English. */
export const errorBodySchema = z.object({
  message: z.string(),
  eng_message: z.string(),
  error: z.union([z.string(), z.record(z.string(), z.array(z.string())), z.array(z.string())]).optional(),
  detail: z.string().optional(),
  /**
   * What went wrong, for code rather than people (e.g. `accounting.not_connected`,
   * `accounting.not_found`); present where the client acts on it.
   */
  code: z.string().optional(),
  /** The setting that must be made before the call can succeed, when that is the reason for the refusal. */
  setting: settingRefSchema.optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const paginationSchema = z.object({ page: z.number().int(), pageSize: z.number().int(), total: z.number().int() });
export type Pagination = z.infer<typeof paginationSchema>;

/** Wraps a payload schema in the success envelope `{ data }`. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data });
export const listEnvelope = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), pagination: paginationSchema });

export const listQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
    search: z.string().trim().max(100).optional(),
  })
  .strict();
export type ListQuery = z.infer<typeof listQuerySchema>;

export const idParamsSchema = z.object({ id: z.string().uuid() }).strict();
