import { type ComponentProps, lazy } from 'react';
import { WhenNear } from './when-near';

// The forms bring react-hook-form, zod and the shared schemas: the pages that show them paint
// first and fetch a form when the reader comes near it (docs/web-app.md#bundle-budget).
const ContactFormChunk = lazy(() => import('./contact-form').then((m) => ({ default: m.ContactForm })));
const NotificationSignupFormChunk = lazy(() =>
  import('./notification-signup-form').then((m) => ({ default: m.NotificationSignupForm })),
);

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
