import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { createPostAtom, sessionAtom } from '@murmur/data';
import { useClearFailure, useReportFailure } from '../notices/failureNoticeAtom';
import { Avatar } from '../ui/Avatar';
import { Button } from '@murmur/ui';

/** "What's happening?" and "Post". The text stays when the post is refused; Ctrl/Cmd+Enter posts too. */
export function Composer() {
  const createPost = useSetAtom(createPostAtom);
  const { user } = useAtomValue(sessionAtom);
  const reportFailure = useReportFailure();
  const clearFailure = useClearFailure();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const fieldId = useId();
  const formRef = useRef<HTMLFormElement>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    const sent = text;
    const result = await createPost(sent);
    setSending(false);
    if (result.ok) {
      clearFailure();
      setText((current) => (current === sent ? '' : current));
    } else {
      reportFailure('Could not publish your post', result.error);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      formRef.current?.requestSubmit();
    }
  };

  return (
    <form
      ref={formRef}
      onSubmit={(event) => void onSubmit(event)}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex gap-3">
        <Avatar src={user?.profilePic} username={user?.username ?? ''} />
        <div className="flex-1">
          <label htmlFor={fieldId} className="sr-only">
            What&apos;s happening?
          </label>
          <textarea
            id={fieldId}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            placeholder="What's happening?"
            rows={3}
            className={[
              'block w-full resize-y rounded-lg border border-slate-200 p-3 text-slate-900',
              'placeholder:text-slate-500 focus:border-teal-600 focus:ring-2 focus:ring-teal-100 focus:outline-none',
            ].join(' ')}
          />
        </div>
      </div>
      <div className="mt-3 flex justify-end">
        <Button type="submit" aria-disabled={sending} pill className="px-5">
          Post
        </Button>
      </div>
    </form>
  );
}
