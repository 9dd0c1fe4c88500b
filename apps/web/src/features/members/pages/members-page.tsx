import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list/list-page';
import { MembersList } from '../components/members-list';

/** /dashboard/golfrelated/members: the club account's members. */
export default function MembersPage() {
  const { t } = useTranslation(['members', 'shell']);
  return (
    <ListPage
      title={t('list.title')}
      description={t('list.description')}
      section={t('shell:nav.groups.golf')}
      scope="members.read"
    >
      <MembersList />
    </ListPage>
  );
}
