import { ArrowLeft, LifeBuoy } from 'lucide-react';
import { AuthShell } from '../auth/AuthShell';
import { TextLink } from '../auth/TextLink';
import { Alert } from '../components/Alert';

/** /issua: report an issue (a problem with the site or your account, or an appeal of a ban). */
export default function IssuePage() {
  return (
    <AuthShell
      title="Report an issue"
      icon={<LifeBuoy size={22} />}
      intro="Tell the Stoa team about a problem: something on the site that does not work, trouble with your account, or a ban you believe is a mistake (an appeal)."
      footer={
        <TextLink href="/" className="inline-flex items-center gap-1.5">
          <ArrowLeft size={16} aria-hidden="true" />
          Back to login
        </TextLink>
      }
    >
      <Alert tone="info" title="Not open yet">
        Reports and appeals cannot be sent from this page yet. The form arrives in a coming update; until then,
        please contact support.
      </Alert>
    </AuthShell>
  );
}
