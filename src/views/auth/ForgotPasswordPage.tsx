import { useMemo } from 'react';
import { ArrowLeft, Mail } from 'lucide-react';
import { AuthShell } from './AuthShell';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { TextLink } from './TextLink';
import { passwordResetLogic } from '../../effects/auth/passwordReset';

/** /forgot-password */
export default function ForgotPasswordPage() {
  const { forgotPassword } = useMemo(passwordResetLogic, []);
  return (
    <AuthShell
      title="Reset Password"
      icon={<Mail size={22} />}
      intro="Enter the email address of your account and we will send you a link to create a new password."
      footer={<BackToLogin />}
    >
      <ForgotPasswordForm logic={forgotPassword} />
    </AuthShell>
  );
}

export function BackToLogin() {
  return (
    <TextLink href="/" className="inline-flex items-center gap-1.5">
      <ArrowLeft size={16} aria-hidden="true" />
      Back to login
    </TextLink>
  );
}
