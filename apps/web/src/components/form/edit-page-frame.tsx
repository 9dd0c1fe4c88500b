import { Alert, Button, Text } from '@mantine/core';
import { type ReactNode, type RefObject, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { AccessDeniedScreen } from '../access-denied-screen';
import { listErrorMessage } from '../list/list-states';
import { ListLoading } from '../list/local-list';
import { type Crumb, PageHeader } from '../page-header';

/** A failed load that means "no such record here": an unknown id, another club account's, or not an id. */
export const isMissingRecord = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * Goes to the 404 page (replacing the address) once `missing` turns true; not while `stay` is set,
 * as when the page has just deleted its own record and the reload answers 404.
 */
export function useMissingRedirect(missing: boolean, stay?: RefObject<boolean>) {
  const navigate = useNavigate();
  useEffect(() => {
    if (missing && !stay?.current) void navigate('/error-404', { replace: true });
  }, [missing, navigate, stay]);
}

export interface EditPageFrameProps {
  title: ReactNode;
  /** The way back: the last crumb with an address is the list the record belongs to. */
  breadcrumbs: Crumb[];
  description?: ReactNode;
  actions?: ReactNode;
  /** The viewer may not see this page: access denied instead of the content. */
  denied: boolean;
  /** On the way to the 404 page (`useMissingRedirect`): nothing is drawn below the header. */
  missing: boolean;
  /** The record could not be loaded: the alert's title, with a retry; `error` adds why. */
  failed: { title: string; error?: unknown; onRetry: () => void } | null;
  retryLabel: string;
  /** Beside the loader while the record is on its way. */
  loadingText: string;
  /** The page's content (the create form, or the loaded record's form); null while it loads. */
  children: ReactNode | null;
}

/**
 * The frame of a create / edit page (templates, segments, members, accounting documents): the header
 * with its breadcrumbs, then access denied, nothing on the way to the 404 page, the load error with a
 * retry (announced at once), the loader, or the content.
 */
export function EditPageFrame({
  title,
  breadcrumbs,
  description,
  actions,
  denied,
  missing,
  failed,
  retryLabel,
  loadingText,
  children,
}: EditPageFrameProps) {
  let body: ReactNode;
  if (denied) body = <AccessDeniedScreen />;
  else if (missing) body = null;
  else if (failed) {
    body = (
      <Alert color="red" title={failed.title} role="alert">
        {failed.error === undefined ? null : <Text fz="sm">{listErrorMessage(failed.error)}</Text>}
        <Button variant="light" size="xs" mt="xs" onClick={failed.onRetry}>
          {retryLabel}
        </Button>
      </Alert>
    );
  } else if (children === null) {
    body = <ListLoading text={loadingText} />;
  } else body = children;

  return (
    <>
      <PageHeader title={title} breadcrumbs={breadcrumbs} description={description} actions={actions} />
      {body}
    </>
  );
}
