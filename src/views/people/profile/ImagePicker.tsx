import type { ReactNode } from 'react';
import { FileTrigger } from 'react-aria-components';
import { readDataUrl } from '../../../effects/groups/groups';

/**
 * A file picker for images only; the picked file arrives read as a data URL. The machine that
 * receives it still refuses anything that is not an image (a picker's filter can be bypassed).
 */
export function ImagePicker({ onPick, children }: { onPick: (dataUrl: string) => void; children: ReactNode }) {
  return (
    <FileTrigger
      acceptedFileTypes={['image/jpeg', 'image/png', 'image/gif', 'image/webp']}
      onSelect={(files) => {
        const file = files?.[0];
        if (file) void readDataUrl(file).then(onPick, () => onPick(''));
      }}
    >
      {children}
    </FileTrigger>
  );
}
