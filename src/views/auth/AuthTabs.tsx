import { useState } from 'react';
import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import { useScreenActor } from '../shared/useScreenActor';
import { useAuthLogic } from './AuthLogic';
import { SignInForm } from './forms/SignInForm';
import { SignUpForm } from './forms/SignUpForm';

export type AuthTab = 'signin' | 'signup';

const tabClasses =
  'flex-1 cursor-pointer rounded-full px-4 py-2 text-center text-sm font-semibold outline-none transition-colors ' +
  'text-neutral-600 data-[hovered]:text-neutral-900 dark:text-neutral-400 dark:data-[hovered]:text-white ' +
  'data-[selected]:bg-white data-[selected]:text-neutral-900 data-[selected]:shadow-sm ' +
  'dark:data-[selected]:bg-neutral-700 dark:data-[selected]:text-white';

const switchClasses = 'cursor-pointer rounded-sm font-semibold text-accent-strong underline-offset-4 hover:underline dark:text-accent';

/** Sign in / Sign up as tabs; each form offers a switch to the other. */
export function AuthTabs({ initialTab = 'signin' }: { initialTab?: AuthTab }) {
  const [tab, setTab] = useState<Key>(initialTab);
  // One answer from the server for both tabs.
  const option = useScreenActor(useAuthLogic().googleOption);
  return (
    <Tabs selectedKey={tab} onSelectionChange={setTab} className="flex flex-col gap-6">
      <TabList aria-label="Sign in or create an account" className="flex gap-1 rounded-full bg-neutral-100 p-1 dark:bg-neutral-800">
        <Tab id="signin" className={tabClasses}>
          Sign in
        </Tab>
        <Tab id="signup" className={tabClasses}>
          Sign up
        </Tab>
      </TabList>
      <TabPanel id="signin" className="outline-none">
        <SignInForm onSwitchToSignUp={() => setTab('signup')} googleOption={option} />
      </TabPanel>
      <TabPanel id="signup" className="outline-none">
        <SignUpForm
          googleOption={option}
          signInSwitch={
            <>
              Already have an account?{' '}
              <button type="button" className={switchClasses} onClick={() => setTab('signin')}>
                Sign in
              </button>
            </>
          }
        />
      </TabPanel>
    </Tabs>
  );
}
