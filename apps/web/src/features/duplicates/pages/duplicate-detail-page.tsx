import { Group, Loader, Text } from '@mantine/core';
import { IconCopyOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ListError } from '../../../components/list/list-states';
import { ApiError } from '../../../lib/api-client';
import { useDuplicateDetails } from '../api/duplicates';
import { DuplicateDetailView } from '../components/duplicate-detail';
import { DuplicatesFrame } from '../components/duplicates-frame';
import { useGroupActions } from '../components/group-actions';
import { DUPLICATE_PATHS } from '../lib/paths';

/** /dashboard/duplicates/detail/:id: a group's documents side by side (docs/duplicates.md#screens). */
export default function DuplicateDetailPage() {
  const { t } = useTranslation('duplicates');
  const { id = '' } = useParams();
  const details = useDuplicateDetails(id);
  const actions = useGroupActions();
  const group = details.data?.group;
  const title = group
    ? group.transactionId
      ? t('detail.title', { transactionId: group.transactionId })
      : t('detail.titleNoId', { document: t(`documents.${group.resource}`, { number: group.original.number }) })
    : t('detail.titleLoading');
  const crumbs = group
    ? [{ label: t(`resources.${group.resource}`), to: DUPLICATE_PATHS.resource(group.resource) }, { label: title }]
    : [{ label: title }];

  let body: ReactNode;
  if (details.data) body = <DuplicateDetailView details={details.data} actions={actions} />;
  else if (details.error instanceof ApiError && (details.error.status === 404 || details.error.status === 400)) {
    body = (
      <EmptyState title={t('detail.notFoundTitle')} icon={<IconCopyOff size={30} stroke={1.6} />}>
        {t('detail.notFoundText')}
      </EmptyState>
    );
  } else if (details.isError) {
    body = <ListError error={details.error} onRetry={() => void details.refetch()} retrying={details.isFetching} />;
  } else {
    body = (
      <Group gap="sm">
        <Loader size="sm" aria-hidden="true" />
        <Text fz="sm">{t('detail.loading')}</Text>
      </Group>
    );
  }
  return (
    <DuplicatesFrame title={title} crumbs={crumbs}>
      {body}
    </DuplicatesFrame>
  );
}
