import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { brand } from '../../../app/brand';
import { AccessDeniedScreen } from '../../../components/access-denied-screen';
import { type Crumb, PageHeader } from '../../../components/page-header';
import { useCurrentUser } from '../../../lib/current-user';
import { DUPLICATE_PATHS } from '../lib/paths';

/**
 * The page around Dubbelkoll's resource list and detail: tab title, header with breadcrumbs
 * (home › accounting › duplicates › page; under Dubbelkoll duplicates › page), and the access-denied screen without duplicates.read.
 * Nothing is drawn below the header until the viewer is known.
 */
export function DuplicatesFrame({
  title,
  description,
  crumbs,
  children,
}: {
  title: string;
  description?: ReactNode;
  crumbs: Crumb[];
  children: ReactNode;
}) {
  const { t } = useTranslation(['duplicates', 'shell']);
  const user = useCurrentUser();
  useDocumentTitle(`${title} · ${brand.name}`);
  const allowed = user?.scopes.includes('duplicates.read') ?? false;
  // Dubbelkoll's home is the duplicates page (docs/brands.md#dubbelkoll): its trail starts there,
  // without the golf portal's overview and "accounting data" group.
  const above: Crumb[] =
    brand.id === 'dubbelkoll'
      ? []
      : [{ label: t('shell:nav.home'), to: '/dashboard' }, { label: t('shell:nav.groups.accounting') }];
  const breadcrumbs: Crumb[] = [...above, { label: t('duplicates:title'), to: DUPLICATE_PATHS.home }, ...crumbs];
  let body: ReactNode = null;
  if (user && !allowed) body = <AccessDeniedScreen />;
  else if (allowed) body = children;
  return (
    <>
      <PageHeader title={title} breadcrumbs={breadcrumbs} description={description} />
      {body}
    </>
  );
}
