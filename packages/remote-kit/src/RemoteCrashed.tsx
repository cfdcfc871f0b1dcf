import { Button } from '@murmur/ui';

interface RemoteCrashedProps {
  appName: string;
  error: Error;
}

/** What a remote shows in place of its screen when its own code throws: the rest of the page keeps working. */
export function RemoteCrashed({ appName, error }: RemoteCrashedProps) {
  return (
    <div role="alert" className="m-4 rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
      <p className="font-semibold">This part of Murmur stopped working ({appName}).</p>
      <p className="mt-1 text-sm">{error.message}</p>
      <Button variant="danger" size="sm" className="mt-3" onClick={() => window.location.reload()}>
        Reload the page
      </Button>
    </div>
  );
}
