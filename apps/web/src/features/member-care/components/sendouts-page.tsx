import type { RecipientStatus, Sendout, SendoutChannel } from '@fairway/shared';
import { Alert, Button, Center, Group, Loader, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { brand } from '../../../app/brand';
import { AccessDeniedScreen } from '../../../components/access-denied-screen';
import { type Crumb, PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { notifySuccess } from '../../../lib/notify';
import { useSendout } from '../api/sendouts';
import { SENDOUT_LIST_PATHS, sendoutHref } from '../lib/sendout-paths';
import { SendoutDetailView } from './sendout-detail';
import { SendoutForm } from './sendout-form';
import { SendoutsList } from './sendouts-list';

/** A load that means "no such send-out here": an unknown id, another club account's, or not an id. */
const isMissing = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

function Loading({ text }: { text: string }) {
  return (
    <Center py="xl">
      <Group gap="sm">
        <Loader size="sm" />
        <Text c="dimmed">{text}</Text>
      </Group>
    </Center>
  );
}

/**
 * A channel's send-out page (/dashboard/membercare/email-sendouts and /sms-sendouts): the list,
 * or, named in the address, one send-out (`?sendout=<id>`), its form (`&edit=1`) or a new one
 * (`?sendout=new`), so every view can be linked and survives a reload.
 */
export function SendoutsPage({ channel }: { channel: SendoutChannel }) {
  const { t } = useTranslation(['sendouts', 'shell']);
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const viewer = useCurrentUser();
  const canRead = viewer?.scopes.includes('membercare.read') ?? false;
  const canWrite = viewer?.scopes.includes('membercare.write') ?? false;
  const requested = params.get('sendout');
  const creating = requested === 'new';
  const id = requested && !creating ? requested : null;
  const editing = id !== null && params.get('edit') === '1';
  // The recipients' filter and page belong to the send-out shown: another one starts afresh.
  const [recipientView, setRecipientView] = useState<{
    id: string | null;
    status: RecipientStatus | null;
    page: number;
    pageSize: number;
  }>({ id, status: null, page: 1, pageSize: 25 });
  const current = recipientView.id === id ? recipientView : { id, status: null, page: 1, pageSize: recipientView.pageSize };
  const recipientStatus = current.status;
  const recipientPaging = { page: current.page, pageSize: current.pageSize };
  const setRecipientStatus = (status: RecipientStatus | null) => setRecipientView({ ...current, status, page: 1 });
  const setRecipientPaging = (paging: { page: number; pageSize: number }) => setRecipientView({ ...current, ...paging });
  const query = useSendout(id, {
    page: recipientPaging.page,
    pageSize: recipientPaging.pageSize,
    ...(recipientStatus ? { status: recipientStatus } : {}),
  });
  const sendout = query.data && query.data.id === id ? query.data : undefined;

  const listTitle = t(`sendouts:title.${channel}`);
  let title = listTitle;
  if (creating) title = t(`sendouts:form.new.${channel}`);
  else if (sendout) title = sendout.title;
  useDocumentTitle(`${title} · ${brand.name}`);
  const listPath = SENDOUT_LIST_PATHS[channel];
  const breadcrumbs: Crumb[] = [
    { label: t('shell:nav.home'), to: '/dashboard' },
    { label: t('shell:nav.groups.memberCare') },
    { label: listTitle, to: requested ? listPath : undefined },
    ...(requested ? [{ label: title }] : []),
  ];

  const onSaved = (saved: Sendout) => {
    notifySuccess(t(creating ? 'sendouts:form.created' : 'sendouts:form.saved', { title: saved.title }));
    void navigate(sendoutHref(channel, saved.id), { replace: true });
  };

  let body: ReactNode;
  let actions: ReactNode;
  if (viewer && !canRead) body = <AccessDeniedScreen />;
  else if (creating || editing) {
    if (!canWrite) body = <AccessDeniedScreen />;
    else if (creating) body = <SendoutForm channel={channel} backTo={listPath} onSaved={onSaved} />;
    else if (sendout && sendout.status !== 'draft' && sendout.status !== 'scheduled') {
      body = (
        <Alert color="yellow" role="alert">
          {t('sendouts:form.notEditable')}
          <Button component={Link} to={sendoutHref(channel, sendout.id)} variant="light" size="xs" ml="sm">
            {t('sendouts:form.back')}
          </Button>
        </Alert>
      );
    } else if (sendout) {
      body = (
        <SendoutForm
          key={sendout.updatedAt}
          channel={channel}
          sendout={sendout}
          backTo={sendoutHref(channel, sendout.id)}
          onSaved={onSaved}
        />
      );
    }
  } else if (!requested) {
    body = <SendoutsList channel={channel} canWrite={canWrite} />;
    actions = canWrite ? (
      <Button component={Link} to={sendoutHref(channel, 'new')} leftSection={<IconPlus size={16} aria-hidden="true" />}>
        {t('sendouts:list.new')}
      </Button>
    ) : null;
  }
  if (body === undefined) {
    if (query.isError) {
      body = (
        <Alert
          color={isMissing(query.error) ? 'yellow' : 'red'}
          role="alert"
          title={t(isMissing(query.error) ? 'sendouts:detail.missing' : 'sendouts:detail.loadError')}
        >
          <Group gap="sm" mt="xs">
            {isMissing(query.error) ? null : (
              <Button variant="light" size="xs" onClick={() => void query.refetch()}>
                {t('sendouts:detail.retry')}
              </Button>
            )}
            <Button component={Link} to={listPath} variant="default" size="xs">
              {t('sendouts:detail.toList')}
            </Button>
          </Group>
        </Alert>
      );
    } else if (!sendout) body = <Loading text={t('sendouts:detail.loading')} />;
    else if (sendout.channel !== channel) {
      body = (
        <Alert color="yellow" role="alert">
          <Button component={Link} to={sendoutHref(sendout.channel, sendout.id)} variant="light" size="xs">
            {t('sendouts:detail.otherChannel')}
          </Button>
        </Alert>
      );
    } else {
      body = (
        <SendoutDetailView
          sendout={sendout}
          canWrite={canWrite}
          recipientStatus={recipientStatus}
          onRecipientStatus={setRecipientStatus}
          recipientPage={recipientPaging.page}
          recipientPageSize={recipientPaging.pageSize}
          onRecipientPage={(page, pageSize) => setRecipientPaging({ page, pageSize })}
          onDeleted={() => {
            setParams({}, { replace: true });
          }}
        />
      );
    }
  }

  return (
    <>
      <PageHeader
        title={title}
        breadcrumbs={breadcrumbs}
        description={requested ? undefined : t(`sendouts:description.${channel}`)}
        actions={actions}
      />
      {body}
    </>
  );
}
