import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import { integrityOfFile } from './remoteIntegrity';
import { onRemoteSwitch, versionFolderOf } from './remoteSwitches';

/** Each stylesheet this page has asked for, by URL, until it is applied or refused. */
const stylesheets = new Map<string, Promise<void>>();

// A remote that moved to another version takes its old version's styles off the page: its new ones come with it.
onRemoteSwitch((_name, from) => {
  const folder = versionFolderOf(from);
  for (const url of [...stylesheets.keys()].filter((url) => url.startsWith(folder))) stylesheets.delete(url);
  for (const link of document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'))
    if (link.href.startsWith(folder)) link.remove();
});

/** Applies the stylesheet at `url`, with the integrity remotes.json gives it: refused, the promise rejects. */
function applied(url: string): Promise<void> {
  let load = stylesheets.get(url);
  if (!load) {
    const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: url, crossOrigin: '' });
    link.integrity = integrityOfFile(url) ?? '';
    load = new Promise((resolve, reject) => {
      link.addEventListener('load', () => resolve());
      link.addEventListener('error', () =>
        reject(new Error(`the stylesheet ${url} could not be loaded or does not match the integrity of its release`)),
      );
    });
    stylesheets.set(url, load);
    document.head.append(link);
  }
  return load;
}

/** Applies the stylesheets at `urls`, each once, with its integrity; rejects if one is refused. */
export async function applyStylesheets(urls: string[]): Promise<void> {
  await Promise.all(urls.map(applied));
}

/**
 * A remote's code adds the stylesheets of a module it loads (Vite's preload helper), without an integrity, unless
 * the page already has them. So before the module is loaded, once the runtime has resolved it against the remote's
 * manifest (`afterResolve`, after the runtime's own), the stylesheets the manifest lists for it are added here, each
 * with the integrity remotes.json gives it, and the load waits for them (the remote's loader would too): a refused
 * one fails the load like a refused script, with the same contained failure and Retry, never a screen without its
 * styles. A stylesheet is never applied twice.
 */
export const checkedStylesheets: ModuleFederationRuntimePlugin = {
  name: 'murmur-checked-stylesheets',
  async afterResolve(args) {
    const snapshot = args.remoteSnapshot;
    if (!snapshot || !('modules' in snapshot)) return args;
    const module = snapshot.modules.find(
      ({ moduleName, modulePath }) => modulePath === args.expose || `./${moduleName}` === args.expose,
    );
    const base = 'publicPath' in snapshot ? snapshot.publicPath : args.remoteInfo.entry;
    await applyStylesheets((module?.assets.css.sync ?? []).map((file) => new URL(file, base).href));
    return args;
  },
};
