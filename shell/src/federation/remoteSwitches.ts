import type { RemoteName } from '@murmur/config/apps';

type SwitchListener = (name: RemoteName, from: string, to: string) => void;

const listeners = new Set<SwitchListener>();

/**
 * Hears each time a remote's loads move from the manifest at `from` to the one at `to` (an open tab switching
 * versions, or a Retry): each part of the loader that keeps something of a load releases what it kept of `from`, so
 * that nothing accumulates over hours of switches. Answers the function that stops it.
 */
export function onRemoteSwitch(listener: SwitchListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells every listener that `name` moved (remote-kit's loader calls it: loadRemoteModule.ts). */
export function remoteSwitched(name: RemoteName, from: string, to: string): void {
  for (const listener of listeners) listener(name, from, to);
}

/** The folder of the version whose manifest is at `manifestUrl`: every file of that load is under it. */
export const versionFolderOf = (manifestUrl: string): string => new URL('./', manifestUrl).href;
