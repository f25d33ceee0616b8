import { BookOpen, MessagesSquare, UsersRound } from 'lucide-react';
import { BRAND } from '../../api/constants';
import { AuthTabs } from './AuthTabs';
import { Tagline } from './Tagline';
import { Brand } from '../shell/Brand';

const FEATURES = [
  { icon: MessagesSquare, text: 'Streams of posts and questions from people you follow' },
  { icon: UsersRound, text: 'Groups and chats to learn alongside others' },
  { icon: BookOpen, text: 'Answers worth saving, all in one place' },
];

/**
 * The sign-in page as drawn: the welcome splash (brand, greeting, animated tagline) beside the
 * Sign in / Sign up tabs. At 550px and below (LOGIN_MOBILE_MAX_WIDTH) the compact variant stacks a
 * small header over a full-width form. Drawn by the app's '/' (AuthPage.tsx) and by the light
 * sign-in page (src/signInEntry.tsx), each handing in the forms' logic.
 */
export function SignInSplash() {
  return (
    <main className="min-h-dvh bg-neutral-50 lg:grid lg:grid-cols-[1.1fr_1fr] dark:bg-neutral-950">
      <section
        aria-labelledby="welcome-title"
        className="relative overflow-hidden px-5 pt-8 pb-6 min-[551px]:px-10 min-[551px]:pt-14 min-[551px]:pb-10 min-[551px]:text-center lg:flex lg:flex-col lg:justify-center lg:px-16 lg:py-16 lg:text-left"
      >
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-32 -left-24 hidden size-[28rem] rounded-full bg-accent/15 blur-3xl min-[551px]:block dark:bg-accent/10"
        />
        <div className="relative flex flex-col gap-3 min-[551px]:items-center min-[551px]:gap-5 lg:max-w-xl lg:items-start">
          <span className="min-[551px]:hidden">
            <Brand size="md" />
          </span>
          <span className="hidden min-[551px]:block">
            <Brand size="lg" />
          </span>
          <h1
            id="welcome-title"
            className="text-2xl font-bold tracking-tight text-neutral-900 min-[551px]:text-4xl lg:text-5xl dark:text-white"
          >
            Welcome to {BRAND}
          </h1>
          <Tagline className="min-h-[1.5em] text-lg font-medium text-accent-strong min-[551px]:text-xl lg:text-2xl dark:text-accent" />
          <ul className="mt-6 hidden flex-col gap-4 lg:flex">
            {FEATURES.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-3 text-base text-neutral-700 dark:text-neutral-300">
                <span className="inline-flex size-10 items-center justify-center rounded-2xl bg-white text-accent-strong shadow-sm dark:bg-neutral-900 dark:text-accent">
                  <Icon size={20} aria-hidden="true" />
                </span>
                {text}
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section aria-label="Sign in or sign up" className="flex justify-center lg:items-center lg:px-12 lg:py-16">
        <div className="w-full bg-white px-5 py-6 min-[551px]:mb-12 min-[551px]:max-w-md min-[551px]:rounded-3xl min-[551px]:border min-[551px]:border-neutral-200 min-[551px]:px-8 min-[551px]:py-8 min-[551px]:shadow-sm lg:mb-0 dark:bg-neutral-900 min-[551px]:dark:border-neutral-800">
          <AuthTabs />
        </div>
      </section>
    </main>
  );
}
