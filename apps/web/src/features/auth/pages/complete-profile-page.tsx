import { SetPasswordScreen } from '../components/set-password-screen';

/** /complete-profile?token=…: an invited user confirms their name and chooses a password. */
export default function CompleteProfilePage() {
  return <SetPasswordScreen mode="invitation" />;
}
