import type { SignupBody } from '@fairway/shared';
import {
  Anchor,
  Button,
  Checkbox,
  Divider,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { type FocusEvent, type ReactNode, useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { brand } from '../../../app/brand';
import { PasswordRules } from '../../../components/password-rules';
import { applyServerErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useCheckExistingMutation } from '../api/check-existing';
import { useSignupMutation } from '../api/signup';
import { AccountingProgramPicker } from '../components/accounting-program-picker';
import { AuthCard } from '../components/auth-card';
import { CustomerTypePicker } from '../components/customer-type-picker';
import { FormAlert } from '../components/form-alert';
import { GolfClubSelect } from '../components/golf-club-select';
import { PackagePicker } from '../components/package-picker';
import { PasswordField } from '../components/password-field';
import { TierPicker } from '../components/tier-picker';
import { AFTER_SIGN_IN_PATH, startSession } from '../lib/session';
import { normalisedEmail, SIGNUP_DEFAULTS, SIGNUP_FIELDS, type SignupFormValues, signupResolver } from '../lib/signup-form';
import { useAuthTitle } from '../lib/use-auth-title';
import { useFieldError } from '../lib/use-field-error';

function Section({ step, title, children }: { step: number; title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Stack component="section" gap="sm" aria-labelledby={id}>
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon radius="xl" size={28} variant="light" aria-hidden="true">
          <Text span fw={700} size="sm">
            {step}
          </Text>
        </ThemeIcon>
        <Title order={2} fz="h4" id={id}>
          {title}
        </Title>
      </Group>
      {children}
    </Stack>
  );
}

const TERMS = ['commitment', 'billing', 'notice', 'refunds'] as const;

export default function RegisterPage() {
  const { t } = useTranslation('auth');
  // Dubbelkoll registers a company on a tier; Fairway a golf club on a package (docs/brands.md).
  const company = brand.id === 'dubbelkoll';
  const title = company ? t('register.companyTitle') : t('register.title');
  useAuthTitle(title);
  const navigate = useNavigate();
  // The price page's "Choose" comes with the tier (`?tier=`); the picker starts on it.
  const [search] = useSearchParams();
  const fieldError = useFieldError();
  const signup = useSignupMutation();
  const checkExisting = useCheckExistingMutation();
  const [formError, setFormError] = useState<string | null>(null);
  /** An address check_existing reported as already registered. */
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);

  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<SignupFormValues, unknown, SignupBody>({
    resolver: signupResolver,
    defaultValues: company ? { ...SIGNUP_DEFAULTS, tierId: search.get('tier') ?? '' } : SIGNUP_DEFAULTS,
  });

  const [customerType, email, password] = useWatch({ control, name: ['customerType', 'email', 'password'] });
  const emailTaken = registeredEmail !== null && normalisedEmail(email) === registeredEmail;

  const emailField = register('email');
  const onEmailBlur = async (event: FocusEvent<HTMLInputElement>) => {
    await emailField.onBlur(event);
    const address = normalisedEmail(event.target.value);
    if (address === null || address === registeredEmail) return;
    try {
      const result = await checkExisting.mutateAsync({ email: address });
      setRegisteredEmail(result.email ? address : null);
    } catch {
      // Only a hint: the server checks the address again when the form is sent.
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    if (emailTaken) {
      setFocus('email');
      return;
    }
    try {
      const result = await signup.mutateAsync(values);
      startSession(result);
      notifySuccess(t('register.welcome', { name: result.user.name }));
      navigate(AFTER_SIGN_IN_PATH, { replace: true });
    } catch (error) {
      setFormError(applyServerErrors(error, setError, SIGNUP_FIELDS));
    }
  });

  const emailError: ReactNode = emailTaken ? (
    <>
      {t('register.emailTaken')}{' '}
      <Anchor component={Link} to="/login" inherit fw={600}>
        {t('register.emailTakenLogin')}
      </Anchor>
    </>
  ) : (
    fieldError(errors.email, 'email')
  );

  const isNew = customerType === 'new';
  let step = 1;

  const accountingProgram = (
    <Controller
      control={control}
      name="accountingProgram"
      render={({ field, fieldState }) => (
        <AccountingProgramPicker
          value={field.value}
          onChange={field.onChange}
          focusRef={field.ref}
          error={fieldError(fieldState.error)}
        />
      )}
    />
  );

  return (
    <AuthCard title={title} subtitle={company ? t('register.companySubtitle') : t('register.subtitle')} width={780}>
      <form onSubmit={onSubmit} noValidate aria-label={title}>
        <Stack gap="xl">
          {company ? (
            <>
              <Section step={step++} title={t('register.sections.tier')}>
                <Controller
                  control={control}
                  name="tierId"
                  render={({ field, fieldState }) => (
                    <TierPicker
                      value={field.value}
                      onChange={field.onChange}
                      focusRef={field.ref}
                      error={fieldError(fieldState.error)}
                    />
                  )}
                />
              </Section>
              <Section step={step++} title={t('register.sections.company')}>
                <TextInput
                  {...register('companyName')}
                  label={t('register.companyName')}
                  description={t('register.companyNameHint')}
                  autoComplete="organization"
                  withAsterisk
                  error={fieldError(errors.companyName, 'companyName')}
                />
                {accountingProgram}
              </Section>
            </>
          ) : (
            <Section step={step++} title={t('register.sections.customerType')}>
              <Controller
                control={control}
                name="customerType"
                render={({ field }) => <CustomerTypePicker value={field.value} onChange={field.onChange} />}
              />
            </Section>
          )}

          {company ? null : isNew ? (
            <Section step={step++} title={t('register.sections.package')}>
              <Controller
                control={control}
                name="packageId"
                render={({ field, fieldState }) => (
                  <PackagePicker
                    value={field.value}
                    onChange={field.onChange}
                    focusRef={field.ref}
                    error={fieldError(fieldState.error)}
                  />
                )}
              />
            </Section>
          ) : null}

          {company ? null : (
            <Section step={step++} title={t('register.sections.club')}>
              {isNew ? (
                <Controller
                  control={control}
                  name="golfClubId"
                  render={({ field, fieldState }) => (
                    <GolfClubSelect
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      inputRef={field.ref}
                      error={fieldError(fieldState.error)}
                    />
                  )}
                />
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    {...register('customerNumber')}
                    label={t('register.customerNumber')}
                    description={t('register.customerNumberHint')}
                    withAsterisk
                    error={fieldError(errors.customerNumber, 'customerNumber')}
                  />
                  <TextInput
                    {...register('clubName')}
                    label={t('register.clubName')}
                    description={t('register.clubNameHint')}
                    autoComplete="organization"
                    withAsterisk
                    error={fieldError(errors.clubName, 'clubName')}
                  />
                </SimpleGrid>
              )}
              {accountingProgram}
            </Section>
          )}

          <Section step={step++} title={t('register.sections.account')}>
            <Text size="sm" c="dimmed">
              {t('register.accountHint')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                {...register('name')}
                label={t('shared.name')}
                autoComplete="name"
                withAsterisk
                error={fieldError(errors.name, 'name')}
              />
              <TextInput
                {...emailField}
                onBlur={onEmailBlur}
                type="email"
                label={t('shared.email')}
                placeholder={t('shared.emailPlaceholder')}
                autoComplete="email"
                inputMode="email"
                withAsterisk
                error={emailError}
              />
              <TextInput
                {...register('phone')}
                type="tel"
                label={t('register.phone')}
                description={t('register.phoneHint')}
                autoComplete="tel"
                inputMode="tel"
                error={fieldError(errors.phone, 'phone')}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <PasswordField
                {...register('password')}
                label={t('shared.password')}
                autoComplete="new-password"
                withAsterisk
                error={fieldError(errors.password, 'password')}
              />
              <PasswordField
                {...register('passwordConfirmation')}
                label={t('shared.passwordConfirmation')}
                autoComplete="new-password"
                withAsterisk
                error={fieldError(errors.passwordConfirmation, 'passwordConfirmation')}
              />
            </SimpleGrid>
            <PasswordRules id="register-password-rules" password={password} />
          </Section>

          <Stack gap="sm">
            <Paper withBorder radius="md" p="md" bg="var(--mantine-color-default-hover)">
              <Text fw={600} size="sm" mb={6}>
                {t('register.terms.title')}
              </Text>
              <List size="sm" spacing={2}>
                {TERMS.map((term) => (
                  <List.Item key={term}>{t(`register.terms.${term}`)}</List.Item>
                ))}
              </List>
            </Paper>
            <Checkbox
              {...register('termsAccepted')}
              label={t('register.terms.accept')}
              error={fieldError(errors.termsAccepted)}
            />
          </Stack>

          {formError ? <FormAlert title={t('register.failedTitle')}>{formError}</FormAlert> : null}

          <Stack gap="sm">
            <Button type="submit" size="md" fullWidth loading={isSubmitting}>
              {t('register.submit')}
            </Button>
            <Divider />
            <Text size="sm" ta="center" c="dimmed">
              {t('register.haveAccount')}{' '}
              <Anchor component={Link} to="/login" fw={500}>
                {t('register.login')}
              </Anchor>
            </Text>
          </Stack>
        </Stack>
      </form>
    </AuthCard>
  );
}
