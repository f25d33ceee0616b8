import { useSelector } from '@xstate/react';
import { ImagePlus, Upload } from 'lucide-react';
import { Button as AriaButton, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import type { ProfileImageActorRef } from '../../../machines/people/profile/profileImage.machine';
import { Alert } from '../../ui/Alert';
import { Button, buttonClasses } from '../../ui/Button';
import { ImagePicker } from './ImagePicker';
import {
  isUploadingImage,
  selectImageError,
  selectImageKind,
  selectImagePreview,
} from '../../../machines/people/profile/profileImage.connect';

/** The preview of a new profile picture or cover, with Save (upload), another pick, or Cancel. */
export function ProfileImageDialog({ upload }: { upload: ProfileImageActorRef }) {
  const kind = useSelector(upload, selectImageKind);
  const preview = useSelector(upload, selectImagePreview);
  const error = useSelector(upload, selectImageError);
  const uploading = useSelector(upload, isUploadingImage);
  const title = kind === 'profile' ? 'New profile picture' : 'New cover image';
  return (
    <ModalOverlay
      isOpen
      isDismissable={!uploading}
      isKeyboardDismissDisabled={uploading}
      onOpenChange={(open) => (!open ? upload.send({ type: 'profileImage.cancel' }) : undefined)}
      className="fixed inset-0 z-50 flex items-end justify-center bg-neutral-950/50 sm:items-center sm:p-4"
    >
      <Modal className="w-full max-w-lg rounded-t-3xl bg-white p-5 text-neutral-900 shadow-2xl outline-none sm:rounded-3xl dark:bg-neutral-900 dark:text-neutral-100">
        <Dialog className="flex flex-col gap-4 outline-none">
          <Heading slot="title" className="text-lg font-bold">
            {title}
          </Heading>
          <div className="flex justify-center">
            {preview ? (
              <img
                src={preview}
                alt={`Preview of your ${kind === 'profile' ? 'profile picture' : 'cover image'}`}
                className={kind === 'profile' ? 'size-40 rounded-full object-cover' : 'aspect-[3/1] w-full rounded-2xl object-cover'}
              />
            ) : (
              <span
                aria-hidden="true"
                className="flex size-40 items-center justify-center rounded-2xl bg-neutral-100 text-neutral-500 dark:bg-neutral-800"
              >
                <ImagePlus size={40} />
              </span>
            )}
          </div>
          {error ? <Alert tone="error">{error}</Alert> : null}
          <div className="flex flex-wrap justify-end gap-2">
            <ImagePicker onPick={(dataUrl) => upload.send({ type: 'profileImage.choose', dataUrl })}>
              <AriaButton isDisabled={uploading} className={`${buttonClasses({ variant: 'ghost' })} mr-auto`}>
                Choose another
              </AriaButton>
            </ImagePicker>
            <Button variant="secondary" isDisabled={uploading} onPress={() => upload.send({ type: 'profileImage.cancel' })}>
              Cancel
            </Button>
            <Button
              icon={uploading ? undefined : <Upload size={16} />}
              isDisabled={uploading || !preview}
              onPress={() => upload.send({ type: 'profileImage.save' })}
            >
              {uploading ? 'Uploading...' : 'Save'}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
