import type { ReactNode } from 'react';
import { Alert } from './Alert';
import { Button } from './Button';

/** A load that failed: the server's message in a red alert, with 'Try again'. */
export function LoadError({ title, onRetry, children }: { title?: string; onRetry: () => void; children: ReactNode }) {
  return (
    <Alert
      tone="error"
      title={title}
      action={
        <Button size="sm" variant="secondary" onPress={onRetry}>
          Try again
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
