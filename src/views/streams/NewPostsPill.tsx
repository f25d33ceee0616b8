import { ArrowUp } from 'lucide-react';
import { Button as AriaButton } from 'react-aria-components';

/** "N new posts": what arrived while the socket was away; pressing it reveals them at the top. */
export function NewPostsPill({ count, noun = 'post', onPress }: { count: number; noun?: string; onPress: () => void }) {
  if (count === 0) return null;
  return (
    <div className="pointer-events-none sticky top-16 z-20 flex justify-center">
      <AriaButton
        onPress={onPress}
        className="pointer-events-auto inline-flex cursor-pointer items-center gap-1.5 rounded-full bg-accent-strong px-4 py-2 text-sm font-semibold text-white shadow-lg outline-none data-[hovered]:bg-[#bd2139]"
      >
        <ArrowUp aria-hidden="true" size={16} />
        {count} new {noun}
        {count === 1 ? '' : 's'}
      </AriaButton>
    </div>
  );
}
