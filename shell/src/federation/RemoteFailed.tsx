import { useEffect } from 'react';
import { RetryButton } from '@murmur/ui';

interface RemoteFailedProps {
  appName: string;
  error: Error;
  onRetry: () => void;
}

/**
 * What stands where a remote could not be loaded or mounted: the reason and a Retry. Each failure is logged once to
 * the console, naming the remote: the browser's own message about a refused file names the file, not who loaded it.
 * (The outlet reports it to the page's telemetry, without its message.)
 */
export function RemoteFailed({ appName, error, onRetry }: RemoteFailedProps) {
  useEffect(() => {
    console.error(`${appName} could not be loaded:`, error);
  }, [appName, error]);
  return (
    <section role="alert" className="mx-auto mt-8 max-w-xl rounded-xl border border-red-200 bg-white p-6 shadow-sm">
      <h2 className="text-lg font-semibold text-slate-900">This part of Murmur could not be loaded</h2>
      <p className="mt-2 text-slate-600">
        {appName} did not answer. The rest of Murmur still works; try again in a moment.
      </p>
      <p className="mt-2 font-mono text-xs break-words text-slate-500">{error.message}</p>
      <RetryButton onRetry={onRetry} className="mt-4" />
    </section>
  );
}
