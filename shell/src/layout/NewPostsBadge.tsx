import { useAtomValue } from 'jotai';
import { newPostsWaitingAtom } from '@murmur/data';

/**
 * How many new posts wait in the feed (docs/screens.md, "Top bar"), beside the NewsFeed link while the reader is on
 * another screen: the count feed-mfe's list reads too, from the page's one store, asked by the page's poller (no
 * request of its own). The number is drawn; screen readers hear it as part of the link's name.
 */
export function NewPostsBadge() {
  const count = useAtomValue(newPostsWaitingAtom);
  if (count === 0) return null;
  return (
    <>
      <span
        aria-hidden="true"
        className={[
          'ml-1.5 inline-block min-w-5 rounded-full bg-teal-600',
          'px-1.5 text-center text-xs leading-5 font-semibold text-white',
        ].join(' ')}
      >
        {count > 99 ? '99+' : count}
      </span>
      <span className="sr-only">{` (${count} new ${count === 1 ? 'post' : 'posts'})`}</span>
    </>
  );
}
