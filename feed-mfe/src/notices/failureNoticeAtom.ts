import { atom, useSetAtom } from 'jotai';
import { useCallback } from 'react';

/** The one failure message the feed shows at a time (spec 2.1 "Failed writes are not silent"). */
export const failureNoticeAtom = atom<string | null>(null);

/** "Could not like the post" + the back end's reason, as one readable sentence. */
export function failureMessage(what: string, reason: string): string {
  const detail = reason.trim();
  if (!detail) return `${what}. Try again.`;
  return `${what}. ${/[.!?]$/.test(detail) ? detail : `${detail}.`}`;
}

export function useReportFailure(): (what: string, reason: string) => void {
  const setNotice = useSetAtom(failureNoticeAtom);
  return useCallback((what, reason) => setNotice(failureMessage(what, reason)), [setNotice]);
}

export function useClearFailure(): () => void {
  const setNotice = useSetAtom(failureNoticeAtom);
  return useCallback(() => setNotice(null), [setNotice]);
}
