import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { DuplicatesFrame } from '../components/duplicates-frame';
import { ResourceDuplicatesList } from '../components/duplicates-list';
import { isDuplicateResource } from '../lib/list-config';

/** /dashboard/duplicates/:resource: the groups of one resource; an unknown resource is a 404. */
export default function DuplicatesResourcePage() {
  const { t } = useTranslation('duplicates');
  const { resource } = useParams();
  if (!isDuplicateResource(resource)) return <Navigate to="/error-404" replace />;
  const title = t(`resources.${resource}`);
  return (
    <DuplicatesFrame title={title} description={t('resourceDescription', { resource: title })} crumbs={[{ label: title }]}>
      <ResourceDuplicatesList key={resource} resource={resource} />
    </DuplicatesFrame>
  );
}
