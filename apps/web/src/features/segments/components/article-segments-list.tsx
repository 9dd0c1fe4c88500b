import type { ArticleSegmentListItem } from '@fairway/shared';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type SegmentColumn, SegmentsList } from './segments-list';

/** The "Segments" tab of the articles page: the club account's article segments. */
export function ArticleSegmentsList() {
  const { t } = useTranslation('segments');
  const text = (value: string) =>
    value ? (
      <Text fz="sm">{value}</Text>
    ) : (
      <Text fz="sm" c="dimmed">
        {t('list.notSet')}
      </Text>
    );
  const columns: SegmentColumn<ArticleSegmentListItem>[] = [
    {
      id: 'members',
      label: t('list.columns.articles'),
      sort: 'members',
      align: 'right',
      render: (s) => <Text fz="sm">{s.articleCount}</Text>,
    },
    { id: 'vat', label: t('fields.vatRate.label'), render: (s) => text(s.vatRate === null ? '' : `${s.vatRate} %`) },
    { id: 'account', label: t('fields.salesAccount.label'), render: (s) => text(s.salesAccount) },
    { id: 'costCentre', label: t('fields.costCentre.label'), render: (s) => text(s.costCentre) },
    { id: 'project', label: t('fields.project.label'), render: (s) => text(s.project) },
  ];
  return <SegmentsList kind="article" columns={columns} />;
}
