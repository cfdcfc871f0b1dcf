import { useSyncExternalStore } from 'react';
import { Button } from '@murmur/ui';
import { applyProposed, dismissProposed, overrideStatuses, setOverride, type OverrideStatus } from './remoteOverrides';

/**
 * While this tab overrides a remote, says which remote points where, or why the override was refused (the live remote
 * is then in place), with a way back to the live remote. An override the address proposes is shown with its full URL
 * and origin, and applied only when pressed: a link alone runs nothing. Above the top bar, signed in or not: an
 * override can be of the login screen too.
 */
export function OverrideBadge() {
  const statuses = useSyncExternalStore(overrideStatuses.subscribe, overrideStatuses.get);
  if (statuses.length === 0) return null;
  return (
    <div className="border-b border-amber-300 bg-amber-50 text-sm text-amber-950">
      {statuses.map((status) =>
        status.proposed ? (
          <Proposal key={`proposed ${status.remote}`} {...status} />
        ) : (
          <Held key={status.remote} {...status} />
        ),
      )}
    </div>
  );
}

const row = 'mx-auto flex max-w-5xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-1.5';

function Proposal({ remote, url, refusal }: OverrideStatus) {
  return (
    <div role="status" aria-label={`${remote} override proposed`} className={row}>
      <p className="min-w-0 flex-1 break-words">
        {refusal ? (
          <Refused remote={remote} url={url} refusal={refusal} />
        ) : (
          <>
            <strong>This link asks to load {remote} from elsewhere</strong>, in this tab only:{' '}
            <span className="font-mono">{url}</span>, from <strong className="font-mono">{originOf(url)}</strong>. Its
            code would run with your session. Apply it only if you know who serves it.
          </>
        )}
      </p>
      {refusal ? null : (
        <Button size="sm" className="shrink-0" onClick={() => applyProposed(remote)}>
          Apply override
        </Button>
      )}
      <Button size="sm" variant="secondary" className="shrink-0" onClick={() => dismissProposed(remote)}>
        Dismiss
      </Button>
    </div>
  );
}

function Held({ remote, url, refusal }: OverrideStatus) {
  return (
    <div role="status" aria-label={refusal ? `${remote} override refused` : `${remote} from ${url}`} className={row}>
      <p className="min-w-0 flex-1 break-words">
        {refusal ? (
          <Refused remote={remote} url={url} refusal={refusal} />
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
  );
}

/** Why an override is not in use, proposed or held: the live remote is. */
function Refused({ remote, url, refusal }: Pick<OverrideStatus, 'remote' | 'url'> & { refusal: string }) {
  return (
    <>
      <strong>Override of {remote} refused</strong>: {url} ({refusal}). The live {remote} is in use.
    </>
  );
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}
