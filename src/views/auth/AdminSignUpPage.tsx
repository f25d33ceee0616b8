import { ShieldPlus } from 'lucide-react';
import { AppAuthLogic } from './AppAuthLogic';
import { AuthShell } from './AuthShell';
import { SignUpForm } from './forms/SignUpForm';
import { TextLink } from './TextLink';

/** /admin/signup: POST /admin/signup with an invite code, then /admin. */
export default function AdminSignUpPage() {
  return (
    <AuthShell title="Create an admin account" icon={<ShieldPlus size={22} />} intro="You need the invite code of this Stoa.">
      <AppAuthLogic>
        <SignUpForm
          admin
          signInSwitch={
            <>
              Already an admin? <TextLink href="/admin/signin">Sign in</TextLink>
            </>
          }
        />
      </AppAuthLogic>
    </AuthShell>
  );
}
