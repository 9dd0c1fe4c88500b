import type { ArticleRow, ArticleSort } from '@fairway/shared';
import { Anchor, Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type ListColumn, ListTable } from '../../../components/list/list-table';
import type { SortOrder } from '../../../components/list/use-list-params';
import { formatOre } from '../../../lib/money';
import { formatMargin, formatQuantity } from '../lib/format';
import { ARTICLE_PATHS } from '../lib/paths';

export interface ArticlesTableProps {
  rows: ArticleRow[];
  sort: ArticleSort | undefined;
  order: SortOrder;
  onSort: (column: ArticleSort, order: SortOrder) => void;
  fetching: boolean;
}

/** The articles of one page; a row opens the article, and its number is the keyboard's link. */
export function ArticlesTable({ rows, sort, order, onSort, fetching }: ArticlesTableProps) {
  const { t, i18n } = useTranslation('articles');
  const lang = i18n.language === 'en' ? 'en' : 'sv';
  const navigate = useNavigate();
  const none = (
    <Text span c="dimmed" fz="sm" aria-hidden="true">
      {t('list.notSet')}
    </Text>
  );
  const columns: ListColumn<ArticleRow, ArticleSort>[] = [
    {
      accessor: 'number',
      title: t('list.columns.number'),
      sort: 'number',
      noWrap: true,
      render: (a) => (
        <Anchor
          component={Link}
          to={ARTICLE_PATHS.edit(a.id)}
          fw={600}
          fz="sm"
          aria-label={t('list.open', { number: a.number, description: a.description })}
        >
          {a.number}
        </Anchor>
      ),
    },
    {
      accessor: 'description',
      title: t('list.columns.description'),
      sort: 'description',
      render: (a) => (
        <Text fz="sm" fw={500}>
          {a.description}
        </Text>
      ),
    },
    {
      accessor: 'type',
      title: t('list.columns.type'),
      sort: 'type',
      noWrap: true,
      visibleMediaQuery: '(min-width: 48em)',
      render: (a) => t(`types.${a.type}`),
    },
    {
      accessor: 'unit',
      title: t('list.columns.unit'),
      noWrap: true,
      visibleMediaQuery: '(min-width: 62em)',
      render: (a) => a.unit ?? none,
    },
    {
      accessor: 'salesPriceOre',
      title: t('list.columns.price'),
      sort: 'price',
      noWrap: true,
      textAlign: 'right',
      render: (a) => (a.salesPriceOre === null ? none : formatOre(a.salesPriceOre, lang)),
    },
    {
      accessor: 'vatPercent',
      title: t('list.columns.vat'),
      noWrap: true,
      textAlign: 'right',
      visibleMediaQuery: '(min-width: 62em)',
      render: (a) => `${a.vatPercent} %`,
    },
    {
      accessor: 'marginBasisPoints',
      title: t('list.columns.margin'),
      noWrap: true,
      textAlign: 'right',
      visibleMediaQuery: '(min-width: 75em)',
      render: (a) => (a.marginBasisPoints === null ? none : formatMargin(a.marginBasisPoints, lang)),
    },
    {
      accessor: 'stockQuantityHundredths',
      title: t('list.columns.stock'),
      sort: 'stock',
      noWrap: true,
      textAlign: 'right',
      // Services have no stock (Fortnox answers 0 for them).
      render: (a) =>
        (a.stockItem || a.type === 'STOCK') && a.stockQuantityHundredths !== null
          ? formatQuantity(a.stockQuantityHundredths, lang)
          : none,
    },
    {
      accessor: 'active',
      title: t('list.columns.active'),
      noWrap: true,
      render: (a) => (
        <Badge variant="light" color={a.active ? 'teal' : 'gray'} tt="none">
          {a.active ? t('list.status.active') : t('list.status.inactive')}
        </Badge>
      ),
    },
  ];
  return (
    <ListTable<ArticleRow, ArticleSort>
      records={rows}
      columns={columns}
      sort={sort}
      order={order}
      onSort={onSort}
      fetching={fetching}
      onRowClick={(a) => void navigate(ARTICLE_PATHS.edit(a.id))}
      label={t('list.tableLabel')}
      minWidth={520}
    />
  );
}
