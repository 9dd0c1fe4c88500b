import { type AccountingProgram, emailField, encodeMessage, type SignupBody, signupBodySchema } from '@fairway/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldPath, Resolver } from 'react-hook-form';
import { brand } from '../../../app/brand';
import type { CustomerType } from '../components/customer-type-picker';

/**
 * Everything the registration form holds. New and existing customers share one form, so the
 * fields of the other branch are present too; only the chosen branch's fields are validated
 * and sent, because the shared schema is strict. Under the Dubbelkoll brand the one branch is a
 * company choosing a tier (docs/brands.md#dubbelkoll).
 */
export interface SignupFormValues {
  customerType: CustomerType;
  packageId: string;
  tierId: string;
  companyName: string;
  accountingProgram: AccountingProgram | '';
  golfClubId: string | null;
  customerNumber: string;
  clubName: string;
  name: string;
  email: string;
  phone: string;
  password: string;
  passwordConfirmation: string;
  termsAccepted: boolean;
}

export const SIGNUP_DEFAULTS: SignupFormValues = {
  customerType: brand.id === 'dubbelkoll' ? 'company' : 'new',
  packageId: '',
  tierId: '',
  companyName: '',
  accountingProgram: '',
  golfClubId: null,
  customerNumber: '',
  clubName: '',
  name: '',
  email: '',
  phone: '',
  password: '',
  passwordConfirmation: '',
  termsAccepted: false,
};

/** Fields a server refusal can name; anything else goes to the form's alert. */
export const SIGNUP_FIELDS: readonly FieldPath<SignupFormValues>[] = [
  'packageId',
  'tierId',
  'companyName',
  'accountingProgram',
  'golfClubId',
  'customerNumber',
  'clubName',
  'name',
  'email',
  'phone',
  'password',
  'passwordConfirmation',
  'termsAccepted',
];

/** The request body of the chosen branch, in the shape signupBodySchema expects. */
export function toSignupInput(values: SignupFormValues): Record<string, unknown> {
  const common = {
    customerType: values.customerType,
    name: values.name,
    email: values.email,
    ...(values.phone.trim() === '' ? {} : { phone: values.phone }),
    password: values.password,
    passwordConfirmation: values.passwordConfirmation,
    accountingProgram: values.accountingProgram,
    termsAccepted: values.termsAccepted,
  };
  if (values.customerType === 'company') return { ...common, tierId: values.tierId, companyName: values.companyName };
  return values.customerType === 'new'
    ? { ...common, packageId: values.packageId, golfClubId: values.golfClubId ?? '' }
    : { ...common, customerNumber: values.customerNumber, clubName: values.clubName };
}

const baseResolver = zodResolver(signupBodySchema);

export const signupResolver: Resolver<SignupFormValues, unknown, SignupBody> = async (values, context, options) => {
  // The form's fields are not the body's (one form, two branches): the body is built first, so
  // the resolver is called with that body's own types.
  type BaseArgs = Parameters<typeof baseResolver>;
  const result = await baseResolver(toSignupInput(values) as BaseArgs[0], context, options as unknown as BaseArgs[2]);
  const errors = result.errors as Record<string, unknown>;
  // The shared schema compares the passwords only once everything else passes; saying it at
  // once spares the user a second round.
  if (
    Object.keys(errors).length > 0 &&
    !errors.passwordConfirmation &&
    values.passwordConfirmation !== '' &&
    values.password !== values.passwordConfirmation
  ) {
    return {
      values: {},
      errors: {
        ...result.errors,
        passwordConfirmation: { type: 'custom', message: encodeMessage('password_confirmation') },
      },
    } as Awaited<ReturnType<Resolver<SignupFormValues, unknown, SignupBody>>>;
  }
  return result as Awaited<ReturnType<Resolver<SignupFormValues, unknown, SignupBody>>>;
};

const emailSchema = emailField();

/** The address as the server stores it, or null when it is not a valid address yet. */
export function normalisedEmail(value: string): string | null {
  const parsed = emailSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
