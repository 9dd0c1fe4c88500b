import { useCallback, useState } from 'react';

/**
 * A control whose code arrives after the first paint (a Menu or Select in a lazy chunk) is drawn
 * meanwhile as a look-alike (app/layouts/header-menus.tsx, features/landing/pages/faq-page.tsx).
 * A click on the look-alike is not lost: `requested` turns true, and the control starts open when
 * it arrives. The look-alike says it is busy until then; `focusRef` on the arrived control gives it
 * the focus the look-alike had (once, as it mounts).
 */
export function useOpenOnLoad() {
  const [requested, setRequested] = useState(false);
  const request = () => setRequested(true);
  const focusRef = useCallback(
    (element: HTMLElement | null) => {
      if (requested) element?.focus();
    },
    [requested],
  );
  return {
    requested,
    request,
    focusRef,
    /** Props for the look-alike button. */
    placeholderProps: { onClick: request, 'aria-busy': requested || undefined },
  } as const;
}
