import { useEffect, useRef, useState } from 'react';
import { useLocation } from '@murmur/router';
import { Button } from '@murmur/ui';
import { useDeploymentNotice, type DeploymentNotice } from './deploymentNotice';
import { askForDeployments, watchDeployments } from './openTab';

const messages: Record<DeploymentNotice, string> = {
  newer: 'A new version of Murmur is available.',
  withdrawn: 'A part of Murmur that this tab runs was withdrawn. Reload to get the current version.',
};

/**
 * Has this open tab hear of deployments (openTab.ts): on each route change after the first page load, when it is
 * visible again, and on an interval. What can switch in place does so at its next mount, with no word; what cannot
 * (a new shell, new shared modules or contract), or a withdrawn version the tab still runs, is said here, with Reload.
 * The bar can be dismissed, and is announced once, through a live region that is on the page before it.
 */
export function NewVersionNotice() {
  const { pathname } = useLocation();
  const notice = useDeploymentNotice();
  const [dismissed, setDismissed] = useState<DeploymentNotice | null>(null);
  const firstRender = useRef(true);

  useEffect(() => watchDeployments(), []);
  useEffect(() => {
    // The first load is the live composition by definition; asking then would only add requests to the first paint.
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    askForDeployments();
  }, [pathname]);

  return (
    <>
      <p role="status" className="sr-only">
        {notice ? messages[notice] : ''}
      </p>
      {notice && notice !== dismissed ? (
        <div
          role="region"
          aria-label="New version"
          className={[
            'mx-auto mt-3 flex max-w-2xl items-center justify-between gap-3',
            'rounded-lg border border-teal-200 bg-teal-50 px-4 py-2.5 text-sm text-teal-900',
          ].join(' ')}
        >
          <p>{messages[notice]}</p>
          <div className="flex shrink-0 gap-2">
            <Button size="sm" onClick={() => window.location.reload()}>
              Reload
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setDismissed(notice)}>
              Dismiss
            </Button>
          </div>
        </div>
      ) : null}
    </>
  );
}
