import type { ContractInvoice, CreateContractInput, UpdateContractInput } from '@fairway/shared';
import { Alert, Anchor, Badge, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCircleCheck, IconCloudOff } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { brand } from '../../../app/brand';
import { AccessDeniedScreen } from '../../../components/access-denied-screen';
import { listErrorMessage } from '../../../components/list/list-states';
import { type Crumb, PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { formatOre } from '../../../lib/money';
import { notifySuccess } from '../../../lib/notify';
import { useCurrentUser } from '../../users/api/get-current-user';
import { useContract } from '../api/get-contract';
import { useSaveContract } from '../api/save-contract';
import { ContractActions } from '../components/contract-actions';
import { ContractForm } from '../components/contract-form';
import { ContractStatusBadge } from '../components/contract-status-badge';
import { formatDate, formatPercentChange } from '../lib/format';
import { CONTRACT_PATHS, invoiceEditPath } from '../lib/paths';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A failed load that means "no such contract here": unknown id, another club account's, or not an id. */
const isMissing = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * /dashboard/acounting/contracts/create and …/edit/{id} (spec §2). The edit page reads the
 * contract from the accounting program on arrival (the portal's copy, with a warning, when the
 * program does not answer), goes to the 404 page for an unknown or malformed id, and offers the
 * actions the contract's status allows; without the write scope everything is read-only.
 */
export default function ContractPage() {
  const { t, i18n } = useTranslation(['contracts', 'shell']);
  const lang = i18n.language === 'en' ? 'en' : 'sv';
  const { id } = useParams();
  const navigate = useNavigate();
  const viewer = useCurrentUser();
  const editing = id !== undefined;
  const malformed = editing && !UUID.test(id);
  const query = useContract(editing && !malformed ? id : undefined);
  const save = useSaveContract();
  const [invoice, setInvoice] = useState<ContractInvoice | null>(null);

  const canRead = viewer?.scopes.includes('contracts.read') ?? false;
  const canWrite = viewer?.scopes.includes('contracts.write') ?? false;
  const contract = query.data;
  // Finished and terminated contracts cannot be changed in the program any more.
  const mayEdit = canWrite && (contract ? contract.actions.includes('update') : true);
  const title = !editing ? t('page.createTitle') : mayEdit ? t('page.editTitle') : t('page.viewTitle');
  useDocumentTitle(`${contract ? `${contract.number} ${contract.customerName} · ` : ''}${title} · ${brand.name}`);

  const missing = malformed || (editing && query.isError && isMissing(query.error));
  useEffect(() => {
    if (missing) void navigate('/error-404', { replace: true });
  }, [missing, navigate]);

  const breadcrumbs: Crumb[] = [
    { label: t('shell:nav.home'), to: '/dashboard' },
    { label: t('shell:nav.groups.accounting') },
    { label: t('title'), to: CONTRACT_PATHS.list },
    { label: contract ? t('page.crumb', { number: contract.number }) : title },
  ];

  const submit = (body: CreateContractInput | UpdateContractInput) =>
    save.mutateAsync({ id: editing ? id : undefined, body }).then((saved) => {
      notifySuccess(
        editing
          ? t('page.saved', { number: saved.number })
          : t('page.created', { number: saved.number, name: saved.customerName }),
      );
      return saved;
    });
  const backToList = () => void navigate(CONTRACT_PATHS.list);

  const formatTime = (iso: string) =>
    new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'sv-SE', {
      dateStyle: 'short',
      timeStyle: 'short',
      timeZone: 'Europe/Stockholm',
    }).format(new Date(iso));

  let description: ReactNode = editing ? null : t('page.createDescription');
  let actions: ReactNode = null;
  let body: ReactNode;
  if (viewer && !canRead) body = <AccessDeniedScreen />;
  else if (!editing) {
    body =
      canWrite || !viewer ? <ContractForm readOnly={false} onSubmit={submit} onSaved={backToList} /> : <AccessDeniedScreen />;
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
  } else if (!contract) {
    body = (
      <Center py="xl">
        <Group gap="sm">
          <Loader size="sm" />
          <Text c="dimmed">{t('page.loading')}</Text>
        </Group>
      </Center>
    );
  } else {
    description = (
      <>
        {t('page.editDescription', { number: contract.number, name: contract.customerName })}{' '}
        <Text span fz="sm" c="dimmed">
          {t('page.syncedAt', { time: formatTime(contract.syncedAt) })}
        </Text>
      </>
    );
    actions = canWrite ? <ContractActions contract={contract} onInvoiceCreated={setInvoice} /> : null;
    const pending = contract.priceChanges.filter((change) => change.status === 'scheduled' || change.status === 'applying');
    body = (
      <Stack gap="md">
        {contract.stale ? (
          <Alert color="yellow" variant="light" title={t('page.staleTitle')} icon={<IconCloudOff size={18} aria-hidden="true" />}>
            <Text fz="sm">{contract.notice ?? t('page.staleText', { time: formatTime(contract.syncedAt) })}</Text>
            <Button variant="light" size="xs" mt="xs" onClick={() => void query.refetch()} loading={query.isFetching}>
              {t('page.retry')}
            </Button>
          </Alert>
        ) : null}
        {invoice ? (
          <Alert
            color="teal"
            variant="light"
            title={t('page.invoiceCreated', { number: invoice.number })}
            icon={<IconCircleCheck size={18} aria-hidden="true" />}
            withCloseButton
            closeButtonLabel={t('page.close')}
            onClose={() => setInvoice(null)}
          >
            <Text fz="sm">
              {t('page.invoiceSummary', {
                date: formatDate(invoice.invoiceDate, lang),
                total: formatOre(invoice.totalOre, lang),
              })}{' '}
              <Anchor component={Link} to={invoiceEditPath(invoice.id)} fz="sm" fw={600}>
                {t('page.openInvoice', { number: invoice.number })}
              </Anchor>
            </Text>
          </Alert>
        ) : null}
        <Group gap="sm" wrap="wrap" aria-label={t('page.summaryLabel')} role="group">
          <ContractStatusBadge status={contract.status} />
          {contract.cancellationDate && contract.status !== 'terminated' ? (
            <Badge variant="outline" color="red" tt="none">
              {t('page.cancellationOn', { date: formatDate(contract.cancellationDate, lang) })}
            </Badge>
          ) : null}
          {pending.map((change) => (
            <Badge key={change.id} variant="outline" color="blue" tt="none">
              {t('page.priceChangeOn', {
                percent: formatPercentChange(change.changeBasisPoints, lang),
                date: formatDate(change.effectiveOn, lang),
              })}
            </Badge>
          ))}
          {contract.lastInvoiceDate ? (
            <Text fz="sm" c="dimmed">
              {t('page.lastInvoice', { date: formatDate(contract.lastInvoiceDate, lang) })}
            </Text>
          ) : null}
          {contract.tags.length > 0 ? (
            <Group gap={4} aria-label={t('page.tagsLabel')} role="list">
              {contract.tags.map((tag) => (
                <Badge key={tag} variant="dot" tt="none" role="listitem">
                  {tag}
                </Badge>
              ))}
            </Group>
          ) : null}
        </Group>
        {/* Keyed by the stored version: a fresh read starts the form again from what the program holds. */}
        <ContractForm
          key={contract.syncedAt}
          contract={contract}
          readOnly={!mayEdit}
          readOnlyText={canWrite ? t('form.readOnlyClosed') : undefined}
          onSubmit={submit}
          onSaved={backToList}
        />
      </Stack>
    );
  }

  return (
    <>
      <PageHeader title={title} breadcrumbs={breadcrumbs} description={description} actions={actions} />
      {body}
    </>
  );
}
