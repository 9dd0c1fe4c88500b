import { IconCategory, IconGolf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list/list-page';
import { CategoriesList } from '../components/categories-list';

/** /dashboard/golfrelated/member-categories: member categories and player categories, each a tab. */
export default function MemberCategoriesPage() {
  const { t } = useTranslation(['members', 'shell']);
  return (
    <ListPage
      title={t('categories.title')}
      description={t('categories.description')}
      section={t('shell:nav.groups.golf')}
      scope="members.read"
      tabs={[
        {
          value: 'member',
          label: t('categories.membercategories.title'),
          icon: IconCategory,
          content: <CategoriesList kind="membercategories" />,
        },
        {
          value: 'player',
          label: t('categories.playercategories.title'),
          icon: IconGolf,
          content: <CategoriesList kind="playercategories" />,
        },
      ]}
    />
  );
}
