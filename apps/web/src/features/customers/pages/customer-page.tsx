import type { CreateCustomerInput, UpdateCustomerInput } from '@fairway/shared';
import { Alert, Button, Center, Group, Loader, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { brand } from '../../../app/brand';
import { AccessDeniedScreen } from '../../../components/access-denied-screen';
import { listErrorMessage } from '../../../components/list/list-states';
import { type Crumb, PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { useCurrentUser } from '../../users/api/get-current-user';
import { useCustomer } from '../api/get-customer';
import { useSaveCustomer } from '../api/save-customer';
import { CustomerForm } from '../components/customer-form';
import { CUSTOMER_PATHS } from '../lib/paths';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A failed load that means "no such customer here": unknown id, another club account's, or not an id. */
const isMissing = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * /dashboard/acounting/customers/create and …/edit/{id} (spec §2). The edit page loads the
 * customer on arrival and goes to the 404 page for an unknown or malformed id; without the
 * write scope the customer is shown read-only.
 */
export default function CustomerPage() {
  const { t, i18n } = useTranslation(['customers', 'shell']);
  const { id } = useParams();
  const navigate = useNavigate();
  const viewer = useCurrentUser();
  const editing = id !== undefined;
  const malformed = editing && !UUID.test(id);
  const query = useCustomer(editing && !malformed ? id : undefined);
  const save = useSaveCustomer();

  const canRead = viewer?.scopes.includes('customers.read') ?? false;
  const canWrite = viewer?.scopes.includes('customers.write') ?? false;
  const title = !editing ? t('page.createTitle') : canWrite ? t('page.editTitle') : t('page.viewTitle');
  useDocumentTitle(`${query.data ? `${query.data.name} · ` : ''}${title} · ${brand.name}`);

  const missing = malformed || (editing && query.isError && isMissing(query.error));
  useEffect(() => {
    if (missing) void navigate('/error-404', { replace: true });
  }, [missing, navigate]);

  const breadcrumbs: Crumb[] = [
    { label: t('shell:nav.home'), to: '/dashboard' },
    { label: t('shell:nav.groups.accounting') },
    { label: t('title'), to: CUSTOMER_PATHS.list },
    { label: query.data ? query.data.name : title },
  ];

  const submit = (body: CreateCustomerInput | UpdateCustomerInput) =>
    save.mutateAsync({ id: editing ? id : undefined, body }).then((saved) => {
      notifySuccess(
        editing ? t('page.saved', { name: saved.name }) : t('page.created', { name: saved.name, number: saved.number }),
      );
      return saved;
    });
  const backToList = () => void navigate(CUSTOMER_PATHS.list);

  const formatTime = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'sv-SE', {
      dateStyle: 'short',
      timeStyle: 'short',
      timeZone: 'Europe/Stockholm',
    }).format(new Date(iso));

  let description: ReactNode = editing ? null : t('page.createDescription');
  let body: ReactNode;
  if (viewer && !canRead) body = <AccessDeniedScreen />;
  else if (!editing) {
    body =
      canWrite || !viewer ? <CustomerForm readOnly={false} onSubmit={submit} onSaved={backToList} /> : <AccessDeniedScreen />;
  } else if (missing) body = null;
  else if (query.isError) {
    body = (
      <Alert color="red" title={t('page.loadError')} role="alert">
        <Text fz="sm">{listErrorMessage(query.error)}</Text>
        <Button variant="light" size="xs" mt="xs" onClick={() => void query.refetch()}>
          {t('page.retry')}
        </Button>
      </Alert>
    );
  } else if (!query.data) {
    body = (
      <Center py="xl">
        <Group gap="sm">
          <Loader size="sm" />
          <Text c="dimmed">{t('page.loading')}</Text>
        </Group>
      </Center>
    );
  } else {
    const customer = query.data;
    description = (
      <>
        {t('page.editDescription', { number: customer.number })}{' '}
        <Text span fz="sm" c="dimmed">
          {t('page.syncedAt', { time: formatTime(customer.syncedAt) })}
        </Text>
      </>
    );
    // Keyed by the stored version: a fresh read starts the form again from what the program holds.
    body = (
      <CustomerForm key={customer.syncedAt} customer={customer} readOnly={!canWrite} onSubmit={submit} onSaved={backToList} />
    );
  }

  return (
    <>
      <PageHeader title={title} breadcrumbs={breadcrumbs} description={description} />
      {body}
    </>
  );
}
