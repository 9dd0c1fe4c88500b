import { z } from 'zod';
import { ACCOUNTING_PROGRAMS } from '../constants';
import { currentUserSchema } from '../users/users.schemas';
import { encodeMessage } from '../validation/messages';
import { emailField, optionalString, passwordField, phoneField, requiredString } from '../validation/rules';

const tokenString = z.string().trim().min(1).max(512);

export const loginBodySchema = z
  .object({
    email: emailField(),
    // Only presence is checked at login: the rule applies when a password is set.
    password: z.string().min(1).max(128),
  })
  .strict();
export type LoginBody = z.infer<typeof loginBodySchema>;

export const tokenPairSchema = z.object({ accessToken: z.string(), refreshToken: z.string(), expiresIn: z.number().int() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const sessionSchema = tokenPairSchema.extend({ user: currentUserSchema });
export type Session = z.infer<typeof sessionSchema>;

const confirmPasswords = <T extends { password: string; passwordConfirmation: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.password !== v.passwordConfirmation) {
    ctx.addIssue({ code: 'custom', path: ['passwordConfirmation'], message: encodeMessage('password_confirmation') });
  }
};

const required = (key: Parameters<typeof encodeMessage>[0]) => ({ message: encodeMessage(key), abort: true }) as const;

/**
 * Registration: a new customer chooses package, accounting program and golf club; an
 * existing customer gives customer number and club name instead of package and club; under the
 * Dubbelkoll brand a company chooses a tier and gives its name.
 */
const accountFields = {
  name: requiredString(120),
  email: emailField(),
  phone: phoneField().optional(),
  password: passwordField(),
  passwordConfirmation: z.string().max(128),
  accountingProgram: z.enum(ACCOUNTING_PROGRAMS, required('accounting_program_required')),
  termsAccepted: z.literal(true, required('terms_required')),
};

export const signupBodySchema = z
  .discriminatedUnion('customerType', [
    z
      .object({
        customerType: z.literal('new'),
        ...accountFields,
        packageId: z
          .string({ message: encodeMessage('package_required') })
          .trim()
          .min(1, required('package_required'))
          .max(40),
        golfClubId: z
          .string({ message: encodeMessage('golf_club_required') })
          .trim()
          .min(1, required('golf_club_required'))
          .max(40),
      })
      .strict(),
    z
      .object({
        customerType: z.literal('existing'),
        ...accountFields,
        customerNumber: z
          .string({ message: encodeMessage('customer_number_required') })
          .trim()
          .min(1, required('customer_number_required'))
          .max(20),
        clubName: z
          .string({ message: encodeMessage('club_name_required') })
          .trim()
          .min(1, required('club_name_required'))
          .max(120),
      })
      .strict(),
    // Dubbelkoll (docs/brands.md#dubbelkoll): a company subscribing to the duplicate detector
    // chooses a tier and names itself; there is no golf club to pick.
    z
      .object({
        customerType: z.literal('company'),
        ...accountFields,
        tierId: z
          .string({ message: encodeMessage('tier_required') })
          .trim()
          .min(1, required('tier_required'))
          .max(40),
        companyName: z
          .string({ message: encodeMessage('company_name_required') })
          .trim()
          .min(1, required('company_name_required'))
          .max(120),
      })
      .strict(),
  ])
  .superRefine(confirmPasswords);
export type SignupBody = z.infer<typeof signupBodySchema>;

/**
 * Registration's only question: is this e-mail address taken (the form says so at once instead
 * of after sending). Nothing else is answered, so the call tells a stranger no more than that.
 */
export const checkExistingBodySchema = z.object({ email: emailField() }).strict();
export const checkExistingResponseSchema = z.object({ email: z.boolean() });

export const refreshBodySchema = z.object({ refreshToken: tokenString }).strict();
export const logoutBodySchema = z.object({ refreshToken: tokenString.optional() }).strict();

export const passwordResetBodySchema = z.object({ email: emailField() }).strict();

/** Sets a password from an e-mailed one-time token: a reset or an invitation (complete-profile). */
export const updatePasswordBodySchema = z
  .object({
    token: tokenString,
    password: passwordField(),
    passwordConfirmation: z.string().max(128),
    name: optionalString(120).optional(),
  })
  .strict()
  .superRefine(confirmPasswords);
export type UpdatePasswordBody = z.infer<typeof updatePasswordBodySchema>;

export const changePasswordBodySchema = z
  .object({
    currentPassword: z.string().min(1).max(128),
    password: passwordField(),
    passwordConfirmation: z.string().max(128),
  })
  .strict()
  .superRefine(confirmPasswords);
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** What a one-time token is for, reported to the page before the user types a password. */
export const tokenInfoQuerySchema = z.object({ token: tokenString }).strict();
export const tokenInfoSchema = z.object({
  purpose: z.enum(['password_reset', 'invitation']),
  email: z.string(),
  name: z.string().nullable(),
  organisationName: z.string(),
});
