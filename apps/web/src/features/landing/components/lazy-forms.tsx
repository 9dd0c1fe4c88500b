import { Box, Skeleton } from '@mantine/core';
import { type ComponentProps, lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';

// The forms bring react-hook-form, zod and the shared schemas: the pages that show them paint
// first and fetch a form when the reader comes near it (docs/web-app.md#bundle-budget).
const ContactFormChunk = lazy(() => import('./contact-form').then((m) => ({ default: m.ContactForm })));
const NotificationSignupFormChunk = lazy(() =>
  import('./notification-signup-form').then((m) => ({ default: m.NotificationSignupForm })),
);

/** How far below the screen a form starts loading: a screen's height, so scrolling or tabbing down finds it there. */
const AHEAD = '100% 0px';

/**
 * Its children once this place is within a screen of the viewport (at once where the browser
 * cannot tell), the space of `height` kept until then and while they load.
 */
function WhenNear({ height, children }: { height: number; children: ReactNode }) {
  const place = useRef<HTMLDivElement>(null);
  // Decided after the first render, which matches the prerendered page (src/prerender.tsx).
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = place.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  if (!near) return <Box ref={place} h={height} />;
  return <Suspense fallback={<Skeleton h={height} radius="md" />}>{children}</Suspense>;
}

/** The contact form (contact-form.tsx), fetched when the reader comes near it; its space is kept meanwhile. */
export function LazyContactForm(props: ComponentProps<typeof ContactFormChunk>) {
  return (
    <WhenNear height={520}>
      <ContactFormChunk {...props} />
    </WhenNear>
  );
}

/** The launch signup (notification-signup-form.tsx), fetched when the reader comes near it. */
export function LazyNotificationSignupForm(props: ComponentProps<typeof NotificationSignupFormChunk>) {
  return (
    <WhenNear height={180}>
      <NotificationSignupFormChunk {...props} />
    </WhenNear>
  );
}
