import { Skeleton } from '@mantine/core';
import { type ComponentProps, lazy, Suspense } from 'react';

// The forms bring react-hook-form, zod and the shared schemas: the pages that show them paint
// first and fetch the forms after (docs/web-app.md#bundle-budget).
const ContactFormChunk = lazy(() => import('./contact-form').then((m) => ({ default: m.ContactForm })));
const NotificationSignupFormChunk = lazy(() =>
  import('./notification-signup-form').then((m) => ({ default: m.NotificationSignupForm })),
);

/** The contact form (contact-form.tsx), fetched once the page has rendered; its space is kept meanwhile. */
export function LazyContactForm(props: ComponentProps<typeof ContactFormChunk>) {
  return (
    <Suspense fallback={<Skeleton h={520} radius="md" />}>
      <ContactFormChunk {...props} />
    </Suspense>
  );
}

/** The launch signup (notification-signup-form.tsx), fetched once the page has rendered. */
export function LazyNotificationSignupForm(props: ComponentProps<typeof NotificationSignupFormChunk>) {
  return (
    <Suspense fallback={<Skeleton h={180} radius="md" />}>
      <NotificationSignupFormChunk {...props} />
    </Suspense>
  );
}
