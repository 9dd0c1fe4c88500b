import type { ReceiptRow } from '@fairway/shared';
import { Alert, Button, Group, Modal, Paper, Select, Stack, Text } from '@mantine/core';
import { IconReceipt, IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { ListBody } from '../../../components/list/list-body';
import { ListFooter } from '../../../components/list/list-footer';
import { listErrorMessage } from '../../../components/list/list-states';
import { ListToolbar } from '../../../components/list/list-toolbar';
import { useListParams } from '../../../components/list/use-list-params';
import { RunProgress } from '../../../components/run-progress';
import { useCurrentUser } from '../../../lib/current-user';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSendOut } from '../api/get-send-out';
import { receiptsKey, useReceipts } from '../api/list-receipts';
import { useSendReceipts } from '../api/send-receipts';
import { RECEIPTS_LIST } from '../lib/list-config';
import { sendOutSummary } from '../lib/send-out-summary';
import { ReceiptsTable } from './receipts-table';

/** Follows one send-out until it is done, then tells the truth about it in a toast. */
function SendOutProgress({ id, total, onDone }: { id: string; total: number; onDone: () => void }) {
  const { t } = useTranslation('receipts');
  const out = useSendOut(id);
  const reported = useRef(false);
  useEffect(() => {
    if (!out.data?.done || reported.current) return;
    reported.current = true;
    const summary = sendOutSummary(out.data, t);
    if (summary.ok) notifySuccess(summary.text);
    else notifyError(summary.text);
    onDone();
  }, [out.data, t, onDone]);
  const run = out.data ?? { status: 'queued' as const, total, sent: 0, failed: 0, error: null };
  return (
    <Paper withBorder p="md" radius="md">
      <RunProgress
        label={t('send.progressLabel')}
        data-testid="send-progress"
        run={{ status: run.status, done: run.sent + run.failed, total: run.total || total, failed: run.failed, error: run.error }}
      />
    </Paper>
  );
}

/** Receipts of invoices fully paid in the last 90 days: search, state filter, selection and send-out. */
export function ReceiptsList() {
  const { t } = useTranslation('receipts');
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const params = useListParams(RECEIPTS_LIST);
  const receipts = useReceipts(params.query);
  const canSend = user?.scopes.includes('receipts.write') ?? false;
  const [selected, setSelected] = useState<Map<string, ReceiptRow>>(new Map());
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sendOut, setSendOut] = useState<{ id: string; total: number } | null>(null);
  const send = useSendReceipts();

  const total = receipts.data?.pagination.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / params.pageSize));
  const { page, setPage } = params;
  useEffect(() => {
    if (receipts.data && !receipts.isPlaceholderData && total > 0 && page > pages) setPage(pages);
  }, [receipts.data, receipts.isPlaceholderData, total, page, pages, setPage]);

  const onSelectedChange = (pageRows: ReceiptRow[], chosen: ReceiptRow[]) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const r of pageRows) next.delete(r.invoiceId);
      for (const r of chosen) next.set(r.invoiceId, r);
      return next;
    });

  const startSend = () => {
    if (selected.size === 0) {
      notifyError(t('send.selectInvoices'));
      return;
    }
    setRefusal(null);
    setConfirming(true);
  };

  const confirmSend = async () => {
    try {
      const answer = await send.mutateAsync({ invoiceIds: [...selected.keys()] });
      setConfirming(false);
      setSelected(new Map());
      setSendOut({ id: answer.sendOutId, total: answer.queued });
      await queryClient.invalidateQueries({ queryKey: receiptsKey });
    } catch (error) {
      setRefusal(listErrorMessage(error) ?? (error instanceof Error ? error.message : String(error)));
    }
  };

  const withoutEmail = [...selected.values()].filter((r) => !r.email).length;

  return (
    <>
      <ListToolbar
        search={params.searchInput}
        onSearchChange={params.setSearchInput}
        searchLabel={t('list.searchLabel')}
        searchPlaceholder={t('list.searchPlaceholder')}
        filters={
          <Select
            label={t('list.filters.state')}
            value={params.filters.state}
            onChange={(value) => value && params.setFilter('state', value as never)}
            data={RECEIPTS_LIST.filters.state.map((value) => ({ value, label: t(`list.stateFilter.${value}`) }))}
            allowDeselect={false}
            w={{ base: '100%', xs: 170 }}
            comboboxProps={{ withinPortal: true }}
          />
        }
        actions={
          canSend ? (
            <Button leftSection={<IconSend size={18} aria-hidden="true" />} onClick={startSend} disabled={sendOut !== null}>
              {t('send.button', { count: selected.size })}
            </Button>
          ) : null
        }
      />
      {sendOut ? (
        <SendOutProgress
          key={sendOut.id}
          id={sendOut.id}
          total={sendOut.total}
          onDone={() => {
            setSendOut(null);
            void queryClient.invalidateQueries({ queryKey: receiptsKey });
          }}
        />
      ) : null}
      <ListBody
        query={receipts}
        isFiltered={params.isFiltered}
        onClearFilters={params.clearFilters}
        needsAccounting
        empty={
          <EmptyState title={t('list.emptyTitle')} order={3} icon={<IconReceipt size={30} stroke={1.6} />}>
            {t('list.emptyText')}
          </EmptyState>
        }
      >
        {(rows) => (
          <ReceiptsTable
            rows={rows}
            sort={params.sort}
            order={params.order}
            onSort={params.setSort}
            fetching={receipts.isFetching}
            selected={canSend ? new Set(selected.keys()) : null}
            onSelectedChange={onSelectedChange}
          />
        )}
      </ListBody>
      <ListFooter
        page={params.page}
        pageSize={params.pageSize}
        total={total}
        onPageChange={params.setPage}
        onPageSizeChange={params.setPageSize}
      />
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('send.confirmTitle')} centered>
        <Stack gap="md">
          <Text fz="sm">{t('send.confirmText', { count: selected.size })}</Text>
          {withoutEmail > 0 ? (
            <Alert color="yellow" variant="light">
              {t('send.withoutEmail', { count: withoutEmail })}
            </Alert>
          ) : null}
          {refusal ? (
            <Alert color="red" variant="light" role="alert">
              {refusal}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('send.cancel')}
            </Button>
            <Button onClick={() => void confirmSend()} loading={send.isPending} data-autofocus>
              {t('send.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
