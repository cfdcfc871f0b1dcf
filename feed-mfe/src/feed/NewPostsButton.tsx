import { useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { feedModeAtom, newPostsWaitingAtom, showNewPostsAtom } from '@murmur/data';
import { focusRing } from '@murmur/ui';

/** The control's name: the count in Latest; in Trending, that the ranking changed (docs/screens.md, "New posts"). */
const newPostsLabel = (count: number, trending: boolean): string =>
  trending ? 'Trending has changed: show the new ranking' : `${count} new ${count === 1 ? 'post' : 'posts'}`;

/**
 * "N new posts" at the top of the feed (docs/screens.md, "New posts"): shown while newer posts wait, which are not put
 * in the list until it is pressed; pressing takes the reader to the top and brings them in, then `onShown` is given the
 * first one's id. It floats over the feed in a box of no height, so its coming and going never moves a post. Its
 * appearance is announced once, politely; a count that changes afterwards is in its name, not announced again. It is
 * the focusable element just before the feed, so Control+Home from a post (the feed pattern's key, `VirtualFeed`)
 * focuses it where it floats, without moving the page.
 */
export function NewPostsButton({ onShown }: { onShown: (first: string) => void }) {
  const count = useAtomValue(newPostsWaitingAtom);
  const mode = useAtomValue(feedModeAtom);
  const showNewPosts = useSetAtom(showNewPostsAtom);
  const [busy, setBusy] = useState(false);
  // Posts that wait as the feed opens are the visit's own: its list is being fetched again and brings them in. Until
  // the count moves (the visit's fetch of Latest clears it; in Trending, whose list is not the one counted, more posts
  // come), they are neither offered nor announced, so the visit never flashes the control nor makes the region speak.
  const [openedWith, setOpenedWith] = useState<number | null>(count > 0 ? count : null);
  if (openedWith !== null && count !== openedWith) setOpenedWith(null);
  const waiting = openedWith === null && count > 0;
  const label = newPostsLabel(count, mode === 'trending');

  // The live region's text says that posts wait, never how many: it changes only when they start or stop waiting, so
  // it is spoken once, where one that followed the count would speak every few seconds while the reader reads.
  const announcement = !waiting
    ? ''
    : mode === 'trending'
      ? 'Trending has changed.'
      : 'New posts are waiting above the feed.';

  const press = async () => {
    setBusy(true);
    // The reader goes to the top first: there, nothing is held in place, and the new posts come in above.
    window.scrollTo({ top: 0, behavior: 'instant' });
    try {
      const first = await showNewPosts(mode);
      if (first) onShown(first);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="sticky top-20 z-10 h-0">
      {/* A polite live region without the status role: the failure notices are the screen's one "status". */}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {waiting && (
        <div className="absolute inset-x-0 top-0 flex justify-center">
          <button
            type="button"
            onClick={() => void press()}
            disabled={busy}
            aria-keyshortcuts="Control+Home"
            className={[
              'rounded-full bg-teal-700 px-4 py-2 text-sm font-semibold text-white',
              `shadow-lg hover:bg-teal-800 disabled:opacity-70 ${focusRing}`,
            ].join(' ')}
          >
            <span aria-hidden="true">↑ </span>
            {label}
          </button>
        </div>
      )}
    </div>
  );
}
