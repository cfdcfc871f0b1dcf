import type { RemoteName } from '@murmur/config/apps';
import { overridesStorageKey } from '../early/pageHandoff';
import { storedOverrides, type HeldOverrides } from '../early/storedOverrides';

// What this tab holds of the overrides applied in it (remoteOverrides.ts): kept in sessionStorage, so it lasts through
// the tab's reloads and is gone with the tab. A browser copies sessionStorage into a tab made from this one
// ("Duplicate tab", or a page the tab opens): the copy carries this tab's id, and the tab answers for its id on a
// channel, so the copy finds out and starts without the overrides. Each override lasts a working day: the rule that
// reads them is the early script's too (early/storedOverrides.ts).

const channelName = 'murmur.remoteOverrides';
/** How long a tab waits for the tab it may have been copied from to answer: another tab of the same browser. */
const copyAnswerMs = 500;

function write(held: HeldOverrides | null): void {
  if (held === null || Object.keys(held.overrides).length === 0) sessionStorage.removeItem(overridesStorageKey);
  else sessionStorage.setItem(overridesStorageKey, JSON.stringify(held));
}

/** Whether some other tab of this browser answers for `tab`'s id: this tab is then its copy. */
function answeredByAnotherTab(tab: string): Promise<boolean> {
  return new Promise((resolve) => {
    const channel = new BroadcastChannel(channelName);
    const done = (copied: boolean) => {
      clearTimeout(timer);
      channel.close();
      resolve(copied);
    };
    const timer = setTimeout(() => done(false), copyAnswerMs);
    channel.onmessage = ({ data }: MessageEvent<{ here?: unknown }>) => {
      if (data.here === tab) done(true);
    };
    channel.postMessage({ ask: tab });
  });
}

let answering: BroadcastChannel | null = null;

/** Answers for `tab` on the channel while this page lives, so that a copy of this tab finds out it is one. */
function answerFor(tab: string): void {
  answering?.close();
  answering = new BroadcastChannel(channelName);
  const channel = answering;
  channel.onmessage = ({ data }: MessageEvent<{ ask?: unknown }>) => {
    if (data.ask === tab) channel.postMessage({ here: tab });
  };
}

/**
 * The overrides this tab holds and that have not expired, or null: none where the tab is a copy of another that
 * holds them (the copy's are removed). From then on, this page answers for the tab's id.
 */
export async function heldOverrides(): Promise<HeldOverrides | null> {
  const held = storedOverrides();
  if (held === null) {
    write(null);
    return null;
  }
  if (await answeredByAnotherTab(held.tab)) {
    write(null);
    return null;
  }
  answerFor(held.tab);
  return held;
}

/**
 * Holds `remote`'s override at `url` in this tab from now on, or lets it go (`url` null). Answers whether the tab holds
 * any override then.
 */
export function holdOverride(remote: RemoteName, url: string | null): boolean {
  const held = storedOverrides() ?? { tab: newTabId(), overrides: {} };
  const others = Object.entries(held.overrides).filter(([name]) => name !== remote);
  const overrides = url === null ? others : [...others, [remote, { url, appliedAt: Date.now() }]];
  write({ tab: held.tab, overrides: Object.fromEntries(overrides) });
  return overrides.length > 0;
}

/** Lets every override of this tab go. */
export function releaseOverrides(): void {
  write(null);
}

/** A random id (crypto.randomUUID needs a secure context, which a staging address over http is not). */
function newTabId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
