import { useSyncExternalStore } from 'react';
import { Button } from '@murmur/ui';
import { overrideStatuses, setOverride } from './remoteOverrides';

/**
 * While this tab overrides a remote, says which remote points where, or why the override was refused (the live remote
 * is then in place), with a way back to the live remote. Above the top bar, signed in or not: an override can be of
 * the login screen too.
 */
export function OverrideBadge() {
  const statuses = useSyncExternalStore(overrideStatuses.subscribe, overrideStatuses.get);
  if (statuses.length === 0) return null;
  return (
    <div className="border-b border-amber-300 bg-amber-50 text-sm text-amber-950">
      {statuses.map(({ remote, url, refusal }) => (
        <div
          key={remote}
          role="status"
          aria-label={refusal ? `${remote} override refused` : `${remote} from ${url}`}
          className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-1.5"
        >
          <p className="min-w-0 flex-1 break-words">
            {refusal ? (
              <>
                <strong>Override of {remote} refused</strong>: {url} ({refusal}). The live {remote} is in use.
              </>
            ) : (
              <>
                <strong>{remote}</strong> from <span className="font-mono">{url}</span> (this tab only)
              </>
            )}
          </p>
          <Button size="sm" variant="secondary" className="shrink-0" onClick={() => setOverride(remote, null)}>
            Clear override
          </Button>
        </div>
      ))}
    </div>
  );
}
