import { useEffect, useId, useState, type FormEvent } from 'react';
import { localManifestUrl, remoteNames, type RemoteName } from '@murmur/config/apps';
import { Button, Dialog } from '@murmur/ui';
import { setOverride } from './remoteOverrides';

/** Alt+Shift+O: out of the way of anyone using the app, for a developer who knows it. */
const isShortcut = (event: KeyboardEvent) => event.altKey && event.shiftKey && event.code === 'KeyO';

/**
 * A small form that points one remote of this tab at another manifest (remoteOverrides.ts): opened by Alt+Shift+O,
 * the same as the address's `?override=<remote>=<manifest URL>`.
 */
export function OverridePanel() {
  const [open, setOpen] = useState(false);
  // The apps table's first remote, until another is chosen (none only in a table without remotes).
  const [remote, setRemote] = useState<RemoteName | undefined>(remoteNames[0]);
  const [url, setUrl] = useState('');
  const remoteId = useId();
  const urlId = useId();

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isShortcut(event)) return;
      event.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (!open) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (remote) setOverride(remote, url.trim());
  };
  return (
    <Dialog title="Override a remote in this tab" onClose={() => setOpen(false)}>
      <form onSubmit={submit} className="flex flex-col gap-3 text-sm">
        <label htmlFor={urlId} className="font-medium text-slate-700">
          Manifest URL
        </label>
        <input
          id={urlId}
          type="url"
          required
          value={url}
          // Where the chosen remote's dev server would serve its manifest on this machine.
          placeholder={remote && localManifestUrl(remote)}
          onChange={(event) => setUrl(event.target.value)}
          className="rounded-lg border border-slate-300 px-3 py-2"
        />
        <label htmlFor={remoteId} className="font-medium text-slate-700">
          Remote
        </label>
        <select
          id={remoteId}
          value={remote ?? ''}
          onChange={(event) => setRemote(event.target.value as RemoteName)}
          className="rounded-lg border border-slate-300 px-3 py-2"
        >
          {remoteNames.map((name) => (
            <option key={name}>{name}</option>
          ))}
        </select>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit">Override</Button>
        </div>
      </form>
    </Dialog>
  );
}
