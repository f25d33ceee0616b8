import { KeyRound } from 'lucide-react';
import { useSearch } from 'wouter';
import { AuthShell } from './AuthShell';
import { ResetPasswordForm } from './forms/ResetPasswordForm';
import { BackToLogin } from './ForgotPasswordPage';

/** /reset-password?token=...: create a new password with the token from the email. */
export default function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get('token');
  return (
    <AuthShell
      title="Create New Password"
      icon={<KeyRound size={22} />}
      intro="Choose a new password for your account."
      footer={<BackToLogin />}
    >
      <ResetPasswordForm token={token} />
    </AuthShell>
  );
}
