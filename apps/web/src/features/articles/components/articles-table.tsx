import type { ArticleRow, ArticleSort } from '@fairway/shared';
import { useTranslation } from 'react-i18next';
import {
  activeColumn,
  type DocumentRowsProps,
  DocumentTable,
  NotSet,
  nameColumn,
  typeColumn,
} from '../../../components/list/document-table';
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
    nameColumn('description', t('list.columns.description'), 'description', (a) => a.description),
    typeColumn(t('list.columns.type'), 'type', (a) => t(`types.${a.type}`)),
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
    activeColumn(t('list.columns.active'), { active: t('list.status.active'), inactive: t('list.status.inactive') }),
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
