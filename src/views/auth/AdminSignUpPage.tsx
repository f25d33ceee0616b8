import { ShieldPlus } from 'lucide-react';
import { AuthShell } from './AuthShell';
import { SignUpForm } from './SignUpForm';
import { TextLink } from './TextLink';
import { useAuthLogic } from './useAuthLogic';

/** /admin/signup: POST /admin/signup with an invite code, then /admin. */
export default function AdminSignUpPage() {
  const { signUp } = useAuthLogic();
  return (
    <AuthShell title="Create an admin account" icon={<ShieldPlus size={22} />} intro="You need the invite code of this Stoa.">
      <SignUpForm
        logic={signUp}
        admin
        signInSwitch={
          <>
            Already an admin? <TextLink href="/admin/signin">Sign in</TextLink>
          </>
        }
      />
    </AuthShell>
  );
}
