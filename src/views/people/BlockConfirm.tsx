import { Ban } from 'lucide-react';
import type { ReactNode } from 'react';
import { ConfirmDialog, ConfirmText } from '../ui/ConfirmDialog';

/** "Block {name}?" as an alert dialog, wherever a member is blocked from (a post's author menu, a profile). */
export function BlockConfirm({
  name,
  isOpen,
  blocking,
  onCancel,
  onConfirm,
  children,
}: {
  name: string;
  isOpen: boolean;
  blocking: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /** What the block means, in the words of the place it is asked from. */
  children: ReactNode;
}) {
  return (
    <ConfirmDialog
      isOpen={isOpen}
      busy={blocking}
      title={`Block ${name}?`}
      confirmLabel="Block"
      busyLabel="Blocking..."
      confirmIcon={<Ban size={16} />}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <ConfirmText>{children}</ConfirmText>
    </ConfirmDialog>
  );
}
