// @ts-check
/**
 * The route table of the composed app, written once: each path, the remote that owns it (its name in
 * packages/config/apps.js), whether it needs a session, and its label in the top bar's navigation. The shell builds its
 * routes and links from it, each remote its router. Browser code reads this, so it imports nothing from Node.
 */
export const routes = /** @type {const} */ ({
  auth: { path: '/auth', remote: 'auth-mfe', session: 'signed-out' },
  newsFeed: { path: '/', remote: 'feed-mfe', session: 'required', navLabel: 'NewsFeed' },
  bookmark: { path: '/bookmark', remote: 'feed-mfe', session: 'required', navLabel: 'Bookmark' },
  explore: { path: '/explore', remote: 'feed-mfe', session: 'required', navLabel: 'Explore' },
  profile: { path: '/profile/:profileID', remote: 'profile-mfe', session: 'required' },
});

/** @typedef {keyof typeof routes} RouteName */
/** @typedef {(typeof routes)[RouteName]} Route */

/**
 * The names of the routes one remote owns, e.g. `'newsFeed' | 'bookmark' | 'explore'` for feed-mfe.
 * @template {import('./apps.js').RemoteName} R
 * @typedef {{ [K in RouteName]: (typeof routes)[K]['remote'] extends R ? K : never }[RouteName]} RouteNameOf
 */

const routeNames = /** @type {RouteName[]} */ (Object.keys(routes));

/**
 * The routes a remote owns, each with its name.
 * @template {import('./apps.js').RemoteName} R
 * @param {R} remote
 * @returns {{ name: RouteNameOf<R>; path: string }[]}
 */
export function routesOf(remote) {
  return routeNames
    .filter((name) => routes[name].remote === remote)
    .map((name) => ({ name: /** @type {RouteNameOf<R>} */ (name), path: routes[name].path }));
}

/** The destinations of the top bar, in order. */
export const navLinks = routeNames.flatMap((name) => {
  const route = routes[name];
  return 'navLabel' in route ? [{ path: route.path, label: route.navLabel }] : [];
});

/**
 * The route an address belongs to, with the values of its `:name` parts (decoded), or null when none owns it: the
 * same rule as the router's; the shell's early script uses it too (shell/src/early/earlyScript.ts).
 * @param {string} pathname
 * @returns {{ name: RouteName; params: Record<string, string> } | null}
 */
export function matchRoute(pathname) {
  const have = pathname.split('/');
  for (const name of routeNames) {
    const want = routes[name].path.split('/');
    if (want.length !== have.length) continue;
    /** @type {Record<string, string> | null} */
    let params = {};
    for (const [i, part] of want.entries()) {
      const value = have[i] ?? '';
      if (part.startsWith(':') && value !== '') params[part.slice(1)] = decodePart(value);
      else if (part !== value) params = null;
      if (params === null) break;
    }
    if (params) return { name, params };
  }
  return null;
}

/**
 * The remote that owns an address, or undefined where none does.
 * @param {string} pathname
 * @returns {import('./apps.js').RemoteName | undefined}
 */
export function ownerOf(pathname) {
  const route = matchRoute(pathname);
  return route ? routes[route.name].remote : undefined;
}

/** The remotes that own an address, each once, in the table's order. */
export const routeOwners = [...new Set(routeNames.map((name) => routes[name].remote))];

/** @param {string} part */
function decodePart(part) {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/**
 * The address of a person's profile page.
 * @param {string} username
 */
export function profilePath(username) {
  return routes.profile.path.replace(':profileID', encodeURIComponent(username));
}
