import { useDocumentTitle } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { brand } from '../../../app/brand';
import { useCurrentUser } from '../../../lib/current-user';
import { formatDateTime } from '../../../lib/dates';
import { notifySuccess } from '../../../lib/notify';
import { isMissingRecord, useMissingRedirect } from '../../form/edit-page-frame';
import type { Crumb } from '../../page-header';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The accounting documents with a create and an edit page; each is also its translation namespace and scope prefix. */
export type AccountingResource = 'customers' | 'articles' | 'invoices' | 'contracts';

/** What every document the portal mirrors from the accounting program carries. */
export interface MirroredDocument {
  id: string;
  /** When the portal's copy was last read from the program. */
  syncedAt: string;
  /** True when the program did not answer and this is the portal's copy (not every document has it). */
  stale?: boolean;
}

export interface AccountingDocumentConfig<D extends MirroredDocument, B, S> {
  resource: AccountingResource;
  /** Where the list lives (the breadcrumb back to it). */
  listPath: string;
  /** The feature's query of one document; `undefined` for the create page and a malformed id. */
  useDocument: (id: string | undefined) => UseQueryResult<D>;
  /** The feature's create-or-update mutation (`id` undefined creates). */
  useSave: () => { mutateAsync: (variables: { id?: string; body: B }) => Promise<S> };
  /** The toast after a save. */
  savedMessage: (saved: S, editing: boolean) => string;
  /** The document in the browser tab's title, before the page's title. */
  titleLabel: (document: D) => string;
  /** The last breadcrumb once the document has loaded. */
  crumbLabel: (document: D) => string;
  /** Whether a writer may still change this document (booked invoices, finished contracts may not). */
  editable?: (document: D) => boolean;
  /** Which failed loads go to the 404 page; the default is 404 and 400. */
  isMissing?: (error: unknown) => boolean;
}

/**
 * The data side of an accounting document's create and edit page (docs/accounting-data.md):
 * `…/create` and `…/edit/{id}` of customers, articles, invoices and contracts. It loads the
 * document on arrival, sends an unknown or malformed id (without asking the server) to the 404
 * page, works out read and write from the viewer's scopes, and gives the page its title, tab title,
 * breadcrumbs and a `submit` that saves and confirms with a toast. `AccountingDocumentPage` draws
 * the states (loading, load error, stale copy, access denied) around the feature's form.
 */
export function useAccountingDocument<D extends MirroredDocument, B, S>(config: AccountingDocumentConfig<D, B, S>) {
  const { resource, listPath, useDocument, useSave, savedMessage, editable, isMissing = isMissingRecord } = config;
  const { t, i18n } = useTranslation([resource, 'shell']);
  const lang: 'sv' | 'en' = i18n.language === 'en' ? 'en' : 'sv';
  const { id } = useParams();
  const navigate = useNavigate();
  const viewer = useCurrentUser();
  const editing = id !== undefined;
  const malformed = editing && !UUID.test(id);
  const query = useDocument(editing && !malformed ? id : undefined);
  const save = useSave();

  const canRead = viewer?.scopes.includes(`${resource}.read`) ?? false;
  const canWrite = viewer?.scopes.includes(`${resource}.write`) ?? false;
  // The edit page starts from what the program holds now: a copy cached by a save or an earlier
  // visit is not shown, since the form it would fill is started again (keyed by `syncedAt`) when
  // the fresh read lands, and would drop whatever was typed meanwhile.
  const document = query.isFetchedAfterMount ? query.data : undefined;
  const mayEdit = canWrite && (document && editable ? editable(document) : true);
  const title = !editing ? t('page.createTitle') : mayEdit ? t('page.editTitle') : t('page.viewTitle');
  useDocumentTitle(`${document ? `${config.titleLabel(document)} · ` : ''}${title} · ${brand.name}`);

  const missing = malformed || (editing && query.isError && isMissing(query.error));
  useMissingRedirect(missing);

  const breadcrumbs: Crumb[] = [
    { label: t('shell:nav.home'), to: '/dashboard' },
    { label: t('shell:nav.groups.accounting') },
    { label: t('title'), to: listPath },
    { label: document ? config.crumbLabel(document) : title },
  ];

  const submit = (body: B) =>
    save.mutateAsync({ id: editing ? id : undefined, body }).then((saved) => {
      notifySuccess(savedMessage(saved, editing));
      return saved;
    });

  /** A time of the program's copy, to the minute, in Swedish time. */
  const formatTime = (iso: string) => formatDateTime(iso, lang);

  return {
    resource,
    lang,
    /** The id in the address (edit page), undefined on the create page. */
    id,
    editing,
    viewer,
    canRead,
    canWrite,
    /** `canWrite`, narrowed by `editable` once the document has loaded. */
    mayEdit,
    query,
    document,
    /** True while the page is on its way to the 404 page. */
    missing,
    title,
    breadcrumbs,
    submit,
    formatTime,
    navigate,
  };
}

export type AccountingDocument<D extends MirroredDocument, B = unknown, S = unknown> = ReturnType<
  typeof useAccountingDocument<D, B, S>
>;
