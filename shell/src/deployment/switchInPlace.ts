import { integrityOfFile } from '../federation/remoteIntegrity';
import { networkFetch } from '../federation/networkFetch';

/**
 * What a tab reads of a remote's manifest to tell whether it can switch versions in place: the modules it shares
 * with the page, and the hash of its contract with the other apps (exposes.d.ts and uses.d.ts, docs/contracts.md),
 * which its build writes in (packages/build-tools/publishedTypesPlugin.js).
 */
interface SwitchTerms {
  shared?: { name: string; version: string }[];
  murmurContract?: { exposes: string | null; uses: string | null };
}

/** Each manifest read here, by URL: a version's terms never change. */
const terms = new Map<string, Promise<string>>();

/**
 * What must be the same of two versions of a remote for a tab to run the one in place of the other: each module it
 * shares with the page at its version (the singletons the tab already runs), and its contract. Read from the manifest
 * with the integrity remotes.json gives it; a manifest that says nothing of its contract (a build from before) is
 * never the same as another.
 */
function termsOf(manifestUrl: string): Promise<string> {
  let read = terms.get(manifestUrl);
  if (!read) {
    read = networkFetch(manifestUrl, { integrity: integrityOfFile(manifestUrl) ?? '' }).then(async (response) => {
      if (!response.ok) throw new Error(`${manifestUrl} answered ${response.status}`);
      const { shared = [], murmurContract } = (await response.json()) as SwitchTerms;
      if (!murmurContract) throw new Error(`${manifestUrl} says nothing of its contract`);
      const shares = shared.map(({ name, version }) => `${name}@${version}`).sort();
      return JSON.stringify({ shares, contract: murmurContract });
    });
    read.catch(() => terms.delete(manifestUrl));
    terms.set(manifestUrl, read);
  }
  return read;
}

/**
 * Whether an open tab can switch a remote from the version whose manifest is at `from` to the one at `to` without a
 * reload: the same shares at the same versions, and the same contract. False where either cannot be read (refused by
 * its integrity, say): the tab then keeps what it runs and offers a reload.
 */
export async function switchableInPlace(from: string, to: string): Promise<boolean> {
  try {
    const [running, next] = await Promise.all([termsOf(from), termsOf(to)]);
    return running === next;
  } catch {
    return false;
  }
}
