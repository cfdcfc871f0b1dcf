import { useAtomValue, useSetAtom } from 'jotai';
import { dismissSessionErrorAtom, sessionAtom } from '@murmur/data';
import { StatusMessage } from '@murmur/ui';

/** A message about the signed-in session itself (it could not be saved in this browser), on every route. */
export function SessionNotice() {
  const { token, error } = useAtomValue(sessionAtom);
  const dismiss = useSetAtom(dismissSessionErrorAtom);
  return <StatusMessage floating message={token ? error : null} onDismiss={dismiss} />;
}
