import { useAtom } from 'jotai';
import { failureNoticeAtom } from './failureNoticeAtom';

/**
 * The status region is always in the document, so screen readers announce a message the moment it appears;
 * it floats at the bottom so it is seen whichever card the action came from.
 */
export function FailureNotice() {
  const [message, setMessage] = useAtom(failureNoticeAtom);
  return (
    <div
      role="status"
      className="pointer-events-none fixed inset-x-3 bottom-4 z-30 flex justify-center sm:inset-x-auto sm:right-6 sm:left-auto"
    >
      {message ? (
        <div className="pointer-events-auto flex max-w-md items-start gap-3 rounded-lg border border-red-200 bg-white px-4 py-3 text-sm text-red-800 shadow-lg">
          <p className="flex-1">{message}</p>
          <button
            type="button"
            onClick={() => setMessage(null)}
            className="rounded px-1 font-medium text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-teal-600"
          >
            Dismiss
          </button>
        </div>
      ) : null}
    </div>
  );
}
