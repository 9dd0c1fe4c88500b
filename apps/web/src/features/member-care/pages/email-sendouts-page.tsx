import { SendoutsPage } from '../components/sendouts-page';

/** /dashboard/membercare/email-sendouts: the e-mail send-outs (docs/member-care.md#send-outs). */
export default function EmailSendoutsPage() {
  return <SendoutsPage channel="email" />;
}
