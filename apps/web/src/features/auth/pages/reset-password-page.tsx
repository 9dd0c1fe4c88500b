import { SetPasswordScreen } from '../components/set-password-screen';

/** /reset-password?token=…: a new password from the e-mailed one-time link. */
export default function ResetPasswordPage() {
  return <SetPasswordScreen mode="reset" />;
}
