import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../lib/current-user';
import { useIntegrations } from '../../../lib/integrations';

/** The connected accounting program's name ("Fortnox"), or "the accounting program" when unknown. */
export function useProgramName(): string {
  const { t } = useTranslation(['duplicates', 'integrations']);
  const user = useCurrentUser();
  const mayRead = user?.scopes.includes('company.read') ?? false;
  const clubAccountId = user?.currentAccount?.id;
  const query = useIntegrations(clubAccountId, { enabled: mayRead && Boolean(clubAccountId) });
  const provider = query.data?.integrations.find((i) => i.system === 'accounting')?.provider;
  if (provider) {
    const name = t(`integrations:request.systems.${provider}`, { defaultValue: '' });
    if (name) return name;
  }
  return t('duplicates:program');
}
