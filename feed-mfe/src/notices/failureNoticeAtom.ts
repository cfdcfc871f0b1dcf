import { atom, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { sessionNumberAtom } from '@murmur/data';
import { failureMessage } from '@murmur/remote-kit';

const noticeBaseAtom = atom<{ message: string; session: number } | null>(null);

/**
 * The one failure message the feed shows at a time (docs/screens.md, "Failed writes are reported"). It belongs to the
 * session it was reported in: after logout (or another login) it is gone, never shown to the next person.
 */
export const failureNoticeAtom = atom(
  (get) => {
    const notice = get(noticeBaseAtom);
    return notice && notice.session === get(sessionNumberAtom) ? notice.message : null;
  },
  (get, set, message: string | null) =>
    set(noticeBaseAtom, message === null ? null : { message, session: get(sessionNumberAtom) }),
);

export function useReportFailure(): (what: string, reason: string) => void {
  const setNotice = useSetAtom(failureNoticeAtom);
  return useCallback((what, reason) => setNotice(failureMessage(what, reason)), [setNotice]);
}

export function useClearFailure(): () => void {
  const setNotice = useSetAtom(failureNoticeAtom);
  return useCallback(() => setNotice(null), [setNotice]);
}
