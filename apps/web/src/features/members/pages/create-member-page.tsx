import { type CreateMemberInput, createMemberBodySchema, type MemberDetail } from '@fairway/shared';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { brand } from '../../../app/brand';
import { AccessDeniedScreen } from '../../../components/access-denied-screen';
import { PageHeader } from '../../../components/page-header';
import { useCurrentUser } from '../../../lib/current-user';
import { notifySuccess } from '../../../lib/notify';
import { useSaveMember } from '../api/save-member';
import { ALL_SECTIONS, MemberForm } from '../components/member-form';
import { MEMBER_PATHS } from '../lib/paths';

/** /dashboard/golfrelated/create-member: the whole member form; a saved member opens on its detail page. */
export default function CreateMemberPage() {
  const { t } = useTranslation(['members', 'shell']);
  const user = useCurrentUser();
  const navigate = useNavigate();
  const save = useSaveMember();
  useDocumentTitle(`${t('create.title')} · ${brand.name}`);
  const canWrite = user?.scopes.includes('members.write') ?? false;
  let saved: MemberDetail | null = null;

  return (
    <>
      <PageHeader
        title={t('create.title')}
        description={t('create.description')}
        breadcrumbs={[
          { label: t('shell:nav.home'), to: '/dashboard' },
          { label: t('shell:nav.groups.golf') },
          { label: t('list.title'), to: MEMBER_PATHS.list },
          { label: t('create.title') },
        ]}
      />
      {user && !canWrite ? (
        <AccessDeniedScreen />
      ) : user ? (
        <MemberForm
          sections={ALL_SECTIONS}
          schema={createMemberBodySchema}
          readOnly={false}
          submitLabel={t('create.submit')}
          onSubmit={async (body) => {
            saved = await save.mutateAsync({ body: body as CreateMemberInput });
            notifySuccess(t('create.created', { name: `${saved.firstname} ${saved.lastname}` }));
          }}
          onSaved={() => {
            if (saved) void navigate(MEMBER_PATHS.detail(saved.id));
          }}
        />
      ) : null}
    </>
  );
}
