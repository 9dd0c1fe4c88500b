import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AccessDeniedScreen } from '../../components/access-denied-screen';
import { brand } from '../brand';

/** /dashboard/access-denied?from=<path>: where a screen sends a user who lacks its scope. */
export default function AccessDeniedPage() {
  const { t } = useTranslation('shell');
  const [params] = useSearchParams();
  useDocumentTitle(`${t('accessDenied.screenTitle')} · ${brand.name}`);
  const from = params.get('from');
  // Only same-site paths are echoed into the prepared message.
  const page = from?.startsWith('/') && !from.startsWith('//') ? `${window.location.origin}${from}` : undefined;
  return <AccessDeniedScreen page={page} />;
}
