import { atom, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { failureMessage } from '@murmur/remote-kit';

/** The one failure message the feed shows at a time (spec 2.1 "Failed writes are not silent"). */
export const failureNoticeAtom = atom<string | null>(null);

export function useReportFailure(): (what: string, reason: string) => void {
  const setNotice = useSetAtom(failureNoticeAtom);
  return useCallback((what, reason) => setNotice(failureMessage(what, reason)), [setNotice]);
}

export function useClearFailure(): () => void {
  const setNotice = useSetAtom(failureNoticeAtom);
  return useCallback(() => setNotice(null), [setNotice]);
}
