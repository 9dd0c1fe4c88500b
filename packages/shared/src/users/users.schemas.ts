import { z } from 'zod';
import { roleSchema } from '../permissions/scopes';
import { encodeMessage } from '../validation/messages';
import { emailField, optionalString, phoneField, requiredString } from '../validation/rules';

const ref = z.object({ id: z.string().uuid(), name: z.string() });

/** GET users/me: the signed-in user in the organisation and club account in use. */
export const currentUserSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  displayName: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  role: roleSchema,
  scopes: z.array(z.string()),
  imageUrl: z.string().nullable(),
  golfclubAdmin: z.boolean(),
  organisation: ref,
  currentAccount: ref.nullable(),
  clubAccounts: z.array(ref),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** The package's user limit and the seats taken (active and invited users), for the invite dialog. */
export const userSeatsSchema = z.object({
  packageName: z.string(),
  maxUsers: z.number().int(),
  used: z.number().int(),
});
export type UserSeats = z.infer<typeof userSeatsSchema>;

export const userSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  displayName: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  /** The kind of role (docs/permissions.md#roles); an organisation's own role counts as "Other". */
  role: roleSchema,
  /** The role itself: a default role or one the organisation made (permissions/roles). */
  roleId: z.string().uuid(),
  roleName: z.string(),
  clubAccountIds: z.array(z.string().uuid()),
  imageUrl: z.string().nullable(),
  golfclubAdmin: z.boolean(),
  status: z.enum(['active', 'invited']),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const usersListQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
    search: z.string().trim().max(100).optional(),
    role: roleSchema.optional(),
    sort: z.enum(['name', 'email', 'role', 'createdAt']).default('name'),
    order: z.enum(['asc', 'desc']).default('asc'),
  })
  .strict();

/** PUT users/{id}: what a user may change on themself, plus role and access for managers. */
export const updateUserBodySchema = z
  .object({
    name: requiredString(120).optional(),
    displayName: optionalString(120).nullable().optional(),
    phone: phoneField().nullable().optional(),
    role: roleSchema.optional(),
    /** Alternative to `role`: any role of the organisation by id (permissions/roles). */
    roleId: z.string().uuid().optional(),
    clubAccountIds: z.array(z.string().uuid()).max(100).optional(),
    golfclubAdmin: z.boolean().optional(),
    currentAccountId: z.string().uuid().optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.role !== undefined && body.roleId !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['roleId'], message: encodeMessage('invalid_value') });
    }
  });
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

export const inviteUserBodySchema = z
  .object({
    name: requiredString(120),
    email: emailField(),
    role: roleSchema.optional(),
    /** Alternative to `role`: any role of the organisation by id (permissions/roles). */
    roleId: z.string().uuid().optional(),
    clubAccountIds: z.array(z.string().uuid()).max(100).default([]),
  })
  .strict()
  .superRefine((body, ctx) => {
    // Exactly one of the two names the role.
    if (body.role === undefined && body.roleId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['role'], message: encodeMessage('role_required') });
    } else if (body.role !== undefined && body.roleId !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['roleId'], message: encodeMessage('invalid_value') });
    }
  });
export type InviteUserBody = z.infer<typeof inviteUserBodySchema>;
