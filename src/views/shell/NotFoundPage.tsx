import { ArrowLeft } from 'lucide-react';
import { useLocation, useRouter } from 'wouter';
import { Brand } from './Brand';
import { Button } from '../ui/Button';

/** Back one page; with nothing to go back to (a link opened in a new tab), home. */
export function goBack(navigate: (to: string) => void) {
  if (window.history.length > 1) window.history.back();
  else navigate('~/');
}

/**
 * The catch-all route (spec: 'Oops!', 'Error 404: Page Not Found', 'Back Home' goes back one page).
 * At the top it is the page's main landmark; inside an area (a nested router: the member or the
 * admin area) it is drawn in the layout's own <main>, and a second one would nest in it.
 */
export default function NotFoundPage() {
  const [, navigate] = useLocation();
  const Landmark = useRouter().base ? 'div' : 'main';
  return (
    <Landmark className="flex min-h-[70dvh] flex-col items-center justify-center gap-6 px-6 py-16 text-center">
      <Brand size="sm" />
      <div className="flex flex-col items-center gap-3">
        <h1 className="text-6xl font-extrabold tracking-tight text-neutral-900 sm:text-7xl dark:text-white">Oops!</h1>
        <p className="text-lg font-medium text-neutral-700 dark:text-neutral-300">Error 404: Page Not Found</p>
        <p className="max-w-sm text-[15px] text-neutral-600 dark:text-neutral-400">
          The page you were looking for does not exist or has moved.
        </p>
      </div>
      <Button size="lg" icon={<ArrowLeft size={18} />} onPress={() => goBack(navigate)}>
        Back Home
      </Button>
    </Landmark>
  );
}
