import { useCallback, useRef, useState } from 'react';

/**
 * For a button whose action takes a round trip: `busy` while it runs, and a press meanwhile is ignored, since it
 * would send the same toggle twice. The ref guards presses that come before React has re-rendered.
 */
export function useBusyAction(): [busy: boolean, run: <T>(action: () => Promise<T>) => Promise<T | undefined>] {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = useCallback(async <T>(action: () => Promise<T>): Promise<T | undefined> => {
    if (running.current) return undefined;
    running.current = true;
    setBusy(true);
    try {
      return await action();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return [busy, run];
}
