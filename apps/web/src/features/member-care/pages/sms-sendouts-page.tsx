import { SendoutsPage } from '../components/sendouts-page';

/** /dashboard/membercare/sms-sendouts: the SMS send-outs (docs/member-care.md#send-outs). */
export default function SmsSendoutsPage() {
  return <SendoutsPage channel="sms" />;
}
