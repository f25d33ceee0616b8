import { ArrowLeft, Hourglass } from 'lucide-react';
import { AuthShell } from '../auth/AuthShell';
import { TextLink } from '../auth/TextLink';
import { Alert } from '../components/Alert';

/** /aarovel: approval, where a request that waits for a moderator is explained. */
export default function ApprovalPage() {
  return (
    <AuthShell
      title="Waiting for approval"
      icon={<Hourglass size={22} />}
      intro="Some requests on Stoa, such as an appeal of a ban, need a moderator's approval before they take effect. Once yours is approved you can sign in and carry on as usual."
      footer={
        <TextLink href="/" className="inline-flex items-center gap-1.5">
          <ArrowLeft size={16} aria-hidden="true" />
          Back to login
        </TextLink>
      }
    >
      <Alert tone="info" title="Status not shown yet">
        The status of a request cannot be looked up here yet; that arrives with appeals in a coming update.
      </Alert>
    </AuthShell>
  );
}
