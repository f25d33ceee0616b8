import { ArrowLeft, Mail } from 'lucide-react';
import { AuthShell } from './AuthShell';
import { ForgotPasswordForm } from './forms/ForgotPasswordForm';
import { TextLink } from './TextLink';

/** /forgot-password */
export default function ForgotPasswordPage() {
  return (
    <AuthShell
      title="Reset Password"
      icon={<Mail size={22} />}
      intro="Enter the email address of your account and we will send you a link to create a new password."
      footer={<BackToLogin />}
    >
      <ForgotPasswordForm />
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
