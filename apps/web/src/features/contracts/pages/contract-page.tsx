import type { ContractInvoice } from '@fairway/shared';
import { Alert, Anchor, Badge, Group, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AccountingDocumentPage } from '../../../components/accounting/pages/accounting-document-page';
import { useAccountingDocument } from '../../../components/accounting/pages/use-accounting-document';
import { formatDate } from '../../../lib/dates';
import { formatOre } from '../../../lib/money';
import { useContract } from '../api/get-contract';
import { useSaveContract } from '../api/save-contract';
import { ContractActions } from '../components/contract-actions';
import { ContractForm } from '../components/contract-form';
import { ContractStatusBadge } from '../components/contract-status-badge';
import { formatPercentChange } from '../lib/format';
import { CONTRACT_PATHS, invoiceEditPath } from '../lib/paths';

/**
 * /dashboard/acounting/contracts/create and …/edit/{id} (docs/accounting-data.md#contracts). The edit page reads the
 * contract from the accounting program on arrival (the portal's copy, with a warning, when the
 * program does not answer), goes to the 404 page for an unknown or malformed id, and offers the
 * actions the contract's status allows; without the write scope everything is read-only.
 */
export default function ContractPage() {
  const { t } = useTranslation('contracts');
  const page = useAccountingDocument({
    resource: 'contracts',
    listPath: CONTRACT_PATHS.list,
    useDocument: useContract,
    useSave: useSaveContract,
    savedMessage: (saved, editing) =>
      editing ? t('page.saved', { number: saved.number }) : t('page.created', { number: saved.number, name: saved.customerName }),
    titleLabel: (contract) => `${contract.number} ${contract.customerName}`,
    crumbLabel: (contract) => t('page.crumb', { number: contract.number }),
    // Finished and terminated contracts cannot be changed in the program any more.
    editable: (contract) => contract.actions.includes('update'),
  });
  const { lang, canWrite } = page;
  const [invoice, setInvoice] = useState<ContractInvoice | null>(null);
  const backToList = () => void page.navigate(CONTRACT_PATHS.list);

  return (
    <AccountingDocumentPage
      page={page}
      createForm={<ContractForm readOnly={false} onSubmit={page.submit} onSaved={backToList} />}
      description={(contract) => t('page.editDescription', { number: contract.number, name: contract.customerName })}
      actions={(contract) => (canWrite ? <ContractActions contract={contract} onInvoiceCreated={setInvoice} /> : null)}
      staleText={(contract) => contract.notice}
    >
      {(contract) => {
        const pending = contract.priceChanges.filter((change) => change.status === 'scheduled' || change.status === 'applying');
        return (
          <>
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
              readOnly={!page.mayEdit}
              readOnlyText={canWrite ? t('form.readOnlyClosed') : undefined}
              onSubmit={page.submit}
              onSaved={backToList}
            />
          </>
        );
      }}
    </AccountingDocumentPage>
  );
}
