import { useRef, useState, type FormEvent } from 'react';
import { useSetAtom } from 'jotai';
import { addCommentAtom } from '@murmur/data';
import { useClearFailure, useReportFailure } from '../notices/failureNoticeAtom';

/**
 * "Add a comment...": Enter submits (a one-field form), the field clears on success and keeps its text on failure.
 * The input is never disabled, so it keeps focus for the next comment.
 */
export function CommentForm({ postId }: { postId: string }) {
  const addComment = useSetAtom(addCommentAtom);
  const reportFailure = useReportFailure();
  const clearFailure = useClearFailure();
  const [text, setText] = useState('');
  const sending = useRef(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    const sent = text;
    const result = await addComment({ postId, text: sent });
    sending.current = false;
    if (result.ok) {
      clearFailure();
      // Anything typed while the comment was on its way stays.
      setText((current) => (current === sent ? '' : current));
    } else {
      reportFailure('Could not add your comment', result.error);
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="mt-3">
      <input
        type="text"
        aria-label="Add a comment..."
        placeholder="Add a comment..."
        value={text}
        onChange={(event) => setText(event.target.value)}
        className={[
          'block w-full rounded-full border border-slate-200 bg-slate-50 px-4 py-2',
          'text-sm text-slate-900 placeholder:text-slate-500 focus:border-teal-600',
          'focus:bg-white focus:ring-2 focus:ring-teal-100 focus:outline-none',
        ].join(' ')}
      />
    </form>
  );
}
