import { mountRootParcel, type AppProps, type ParcelConfig } from 'single-spa';

/** How `<Parcel>` mounts a parcel: single-spa's `mountParcel`, bound to the parcel that will own it. */
export type MountParcel = AppProps['mountParcel'];

/**
 * The one long-lived parcel every remote is mounted under. single-spa 6 never forgets a root parcel
 * (`mountRootParcel`): its registry of root parcels has no name, and an unmounted parcel is taken out of its owner's
 * registry only when that owner has one. Each remote mounted at the root so stayed there with its props, and with
 * them the container its React root had filled with about 286 event listeners: every feed <-> profile round trip
 * left one behind. A parcel mounted through another parcel's `mountParcel` is taken out when it unmounts, so the
 * remotes are that host's children; the host itself draws nothing and is never unmounted.
 */
let host: Promise<MountParcel> | null = null;
let ready: MountParcel | null = null;

/** The host's `mountParcel` once it is mounted, else null (a few microtasks after the page's boot starts it). */
export const mountedParcelHost = (): MountParcel | null => ready;

/** Mounts the host once (the page's boot does it first); resolves with its `mountParcel`. */
export function parcelHost(): Promise<MountParcel> {
  host ??= new Promise<MountParcel>((resolve, reject) => {
    const config: ParcelConfig = {
      name: 'murmur-remotes',
      bootstrap: () => Promise.resolve(),
      mount: ({ mountParcel }: AppProps) => {
        ready = mountParcel;
        resolve(mountParcel);
        return Promise.resolve();
      },
      unmount: () => Promise.resolve(),
    };
    // Its element is never in the document: the remotes are drawn in the outlets' own elements.
    mountRootParcel(config, { domElement: document.createElement('div') }).mountPromise.catch(reject);
  });
  return host;
}
