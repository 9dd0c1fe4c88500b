import { List, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconPoint } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The parts of the password rule (docs/api.md#validation), in the order the checklist shows them. */
export const PASSWORD_RULES = [
  { id: 'length', test: (v: string) => v.length >= 8 },
  { id: 'lowercase', test: (v: string) => /[a-z]/.test(v) },
  { id: 'uppercase', test: (v: string) => /[A-Z]/.test(v) },
  { id: 'digit', test: (v: string) => /\d/.test(v) },
  { id: 'special', test: (v: string) => /[!@#$%&*()]/.test(v) },
] as const;

export interface PasswordRulesProps {
  id: string;
  password: string;
}

/** A live checklist under a new password, so the rule is met before the form is sent (registration, reset, change). */
export function PasswordRules({ id, password }: PasswordRulesProps) {
  const { t } = useTranslation('common');
  return (
    <div id={id}>
      <Text size="sm" fw={500} mb={6}>
        {t('passwordRules.title')}
      </Text>
      <List spacing={4} size="sm" center aria-label={t('passwordRules.title')}>
        {PASSWORD_RULES.map((rule) => {
          const met = rule.test(password);
          return (
            <List.Item
              key={rule.id}
              data-met={met || undefined}
              icon={
                <ThemeIcon
                  size={18}
                  radius="xl"
                  color={met ? 'teal' : 'gray'}
                  variant={met ? 'filled' : 'light'}
                  aria-hidden="true"
                >
                  {met ? <IconCheck size={12} stroke={3} /> : <IconPoint size={12} />}
                </ThemeIcon>
              }
            >
              <Text span size="sm" c={met ? undefined : 'dimmed'}>
                {t(`passwordRules.${rule.id}`)}
              </Text>
              <VisuallyHidden>{met ? t('passwordRules.met') : t('passwordRules.notMet')}</VisuallyHidden>
            </List.Item>
          );
        })}
      </List>
    </div>
  );
}
