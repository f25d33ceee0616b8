import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Brand } from '../shell/Brand';
import { IconButton } from '../ui/IconButton';

/**
 * The member area's drawer below 1024px (the navigation machine's sidebar): every section and
 * sign-out. Its own chunk, fetched on the first open (or the menu button's hover or focus).
 */
export function MemberDrawer({
  isOpen,
  onClose,
  nav,
  signOut,
}: {
  isOpen: boolean;
  onClose: () => void;
  nav: ReactNode;
  signOut: ReactNode;
}) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      isDismissable
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      className="fixed inset-0 z-50 bg-neutral-950/40 lg:hidden motion-safe:data-[entering]:animate-[fade-in_150ms_ease-out]"
    >
      <Modal className="fixed inset-y-0 left-0 w-72 max-w-[85vw] bg-white shadow-2xl outline-none motion-safe:data-[entering]:animate-[drawer-in_180ms_ease-out] dark:bg-neutral-900">
        <Dialog aria-label="Menu" className="flex h-full flex-col justify-between p-4 outline-none">
          <div className="flex flex-col gap-4">
            <div className="flex items-center justify-between">
              <Heading slot="title" className="px-1">
                <Brand size="sm" />
              </Heading>
              <IconButton label="Close menu" onPress={onClose}>
                <X size={20} />
              </IconButton>
            </div>
            {nav}
          </div>
          {signOut}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
