import { useEffect, useRef, useState } from 'react';
import { useLocation } from '@murmur/router';
import { Button } from '@murmur/ui';
import { newerDeployment } from './newerDeployment';

/**
 * On each navigation after the first page load, asks whether a newer version went live, and if so offers a reload.
 * It never swaps code under a running page: the tab stays on what it loaded until the person reloads.
 */
export function NewVersionNotice() {
  const { pathname } = useLocation();
  const [available, setAvailable] = useState(false);
  const firstRender = useRef(true);

  useEffect(() => {
    // The first load is the live version by definition; asking then would only add requests to the first paint.
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    let current = true;
    newerDeployment()
      .then((newer) => {
        if (current && newer) setAvailable(true);
      })
      // An unreachable pointer says nothing about versions; the next navigation asks again.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [pathname]);

  if (!available) return null;
  return (
    <div
      role="region"
      aria-label="New version"
      className="mx-auto mt-3 flex max-w-2xl items-center justify-between gap-3 rounded-lg border border-teal-200 bg-teal-50 px-4 py-2.5 text-sm text-teal-900"
    >
      <p>A new version of Murmur is available.</p>
      <Button size="sm" className="shrink-0" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </div>
  );
}
