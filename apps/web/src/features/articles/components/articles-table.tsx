import type { ArticleRow, ArticleSort } from '@fairway/shared';
import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type DocumentRowsProps, DocumentTable, NotSet } from '../../../components/list/document-table';
import type { ListColumn } from '../../../components/list/list-table';
import { formatOre } from '../../../lib/money';
import { formatMargin, formatQuantity } from '../lib/format';
import { ARTICLE_PATHS } from '../lib/paths';

export type ArticlesTableProps = DocumentRowsProps<ArticleRow, ArticleSort>;

/** The articles of one page; a row opens the article, and its number is the keyboard's link. */
export function ArticlesTable(page: ArticlesTableProps) {
  const { t, i18n } = useTranslation('articles');
  const lang = i18n.language === 'en' ? 'en' : 'sv';
  const none = <NotSet>{t('list.notSet')}</NotSet>;
  const columns: ListColumn<ArticleRow, ArticleSort>[] = [
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
    <DocumentTable<ArticleRow, ArticleSort>
      {...page}
      numberTitle={t('list.columns.number')}
      pathOf={(a) => ARTICLE_PATHS.edit(a.id)}
      openLabel={(a) => t('list.open', { number: a.number, description: a.description })}
      columns={columns}
      label={t('list.tableLabel')}
      minWidth={520}
    />
  );
}
