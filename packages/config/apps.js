// @ts-check
/**
 * The apps of Murmur, written once (docs/architecture.md, "The apps"). Each key is an app's name: its folder, its
 * package, its folder in the release store, its key in remotes.json and in the route table, and what a person types
 * on the command line. Everything else about the apps is derived from this table: the Vite configs, the ports, the
 * store's apps, the root scripts' filters, the size budget's keys, the environment variables' names.
 * - `port`: where it is served, in development, in preview and by the store server;
 * - `exposes` (a remote only): its modules, as its federation config gets them; `./app` is the single-spa lifecycles
 *   the shell mounts, `./preload` (where there is one) the route's data preload the shell calls beside it;
 * - `uses` (where an app loads a finer module of another remote): those modules, by id; the shell uses every
 *   remote's `./app` and `./preload` without naming them (`usesOf`). Promote checks each use against the provider's
 *   declarations (docs/contracts.md), and a release of the provider lacking one is refused (`consumedOf`).
 * The shell is listed first: the store promotes it before the remotes that are checked against it. Browser code reads
 * this too, so it imports nothing from Node.
 */
export const apps = /** @type {const} */ ({
  shell: { port: 4000 },
  'auth-mfe': {
    port: 4001,
    exposes: { './app': './src/lifecycles.tsx' },
  },
  'feed-mfe': {
    port: 4002,
    exposes: {
      './app': './src/lifecycles.tsx',
      './UserPostList': './src/posts/UserPostList.tsx',
      './preload': './src/preload.ts',
    },
  },
  'profile-mfe': {
    port: 4003,
    exposes: { './app': './src/lifecycles.tsx', './preload': './src/preload.ts' },
    // profile-mfe shows feed-mfe's ./UserPostList.
    uses: ['feed-mfe/UserPostList'],
  },
});

/** @typedef {keyof typeof apps} AppName */
/**
 * The apps that expose modules: the remotes.
 * @typedef {{ [A in AppName]: (typeof apps)[A] extends { exposes: object } ? A : never }[AppName]} RemoteName
 */

/**
 * Where the benchmark's single-bundle baseline (packages/monolith/) is previewed; not an app of the store, never
 * deployed.
 */
export const monolithPort = 4010;

/** Every app, the shell first. */
export const appNames = /** @type {AppName[]} */ (Object.keys(apps));

/** The remotes, in the table's order. */
export const remoteNames = appNames.filter(
  /** @returns {app is RemoteName} */
  (app) => 'exposes' in apps[app],
);

/**
 * The name `app` carries in module federation (its manifest's `name`, the runtime's remote name): its name with each
 * `-` made `_`, since the federation name must be an identifier.
 * @param {AppName} app
 */
export const federationNameOf = (app) => app.replace(/-/g, '_');

/**
 * Whether `remote` exposes `./preload`, which the shell loads beside `./app` and calls with the page's store and path,
 * so that the route's data is asked while the remote's code loads. Optional: a build without it (or whose preload
 * fails) only loses that head start, so a release is not refused for lacking it.
 * @param {RemoteName} remote
 */
export const preloads = (remote) => './preload' in apps[remote].exposes;

/**
 * The modules of other remotes `app` loads, by id (`feed-mfe/UserPostList`): the shell's are every remote's `./app`
 * and, where there is one, `./preload`; a remote's, its `uses`.
 * @param {AppName} app
 * @returns {`${RemoteName}/${string}`[]}
 */
export const usesOf = (app) => {
  const entry = apps[app];
  if ('uses' in entry) return [...entry.uses];
  if (app !== 'shell') return [];
  return remoteNames.flatMap((remote) => [
    /** @type {const} */ (`${remote}/app`),
    ...(preloads(remote) ? [/** @type {const} */ (`${remote}/preload`)] : []),
  ]);
};

/**
 * The modules the composed app loads from `remote`, as its exposes name them: `./app`, and what other remotes use of
 * it. A release lacking one is refused. (`./preload` is not among them: without it a screen only loses its head
 * start.)
 * @param {RemoteName} remote
 * @returns {string[]}
 */
export const consumedOf = (remote) => [
  './app',
  ...remoteNames.flatMap((app) =>
    usesOf(app).flatMap((id) => (id.startsWith(`${remote}/`) ? [`./${id.slice(remote.length + 1)}`] : [])),
  ),
];

/**
 * Where `remote`'s manifest is when it runs on this machine. The composed app reads the real locations from
 * remotes.json at run time; a remote running alone falls back on these to load another remote's modules.
 * @param {RemoteName} remote
 */
export const localManifestUrl = (remote) => `http://localhost:${apps[remote].port}/mf-manifest.json`;

/**
 * The name of the environment variable that sets `what` for `app`, e.g. `MURMUR_FEED_MFE_PUBLIC_URL`: every
 * per-app variable is named this one way.
 * @param {AppName} app
 * @param {'PUBLIC_URL' | 'MANIFEST_URL'} what
 */
export const appEnvName = (app, what) => `MURMUR_${app.replace(/-/g, '_').toUpperCase()}_${what}`;
