import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list/list-page';
import { TemplatesList } from '../components/templates-list';

/** /dashboard/membercare/email-templates: the club account's e-mail templates (docs/member-care.md#templates). */
export default function EmailTemplatesPage() {
  const { t } = useTranslation(['email-templates', 'shell']);
  return (
    <ListPage
      title={t('list.title')}
      description={t('list.description')}
      section={t('shell:nav.groups.memberCare')}
      scope="membercare.read"
    >
      <TemplatesList />
    </ListPage>
  );
}
