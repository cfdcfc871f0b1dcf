import { useAtom } from 'jotai';
import { StatusMessage } from '@murmur/ui';
import { failureNoticeAtom } from './failureNoticeAtom';

/** The feed's one failure message; it floats at the bottom so it is seen whichever card the action came from. */
export function FailureNotice() {
  const [message, setMessage] = useAtom(failureNoticeAtom);
  return <StatusMessage floating message={message} onDismiss={() => setMessage(null)} />;
}
