// @ts-check
/**
 * Packages that must exist once per page. Whole packages only: sharing a sub-path of a workspace package makes the
 * runtime evaluate it twice.
 */
export const singletonPackages = /** @type {const} */ ([
  'react',
  'react-dom',
  // The router as the apps import it: exactly the pieces they use (packages/router/), not react-router-dom whole.
  '@murmur/router',
  'jotai',
  // The one data layer: its atoms and the client they hold must be one instance per page. Its HTTP client (axios) and
  // query cache (@tanstack/query-core, jotai-tanstack-query) are imported by it alone, so they come inside it, once
  // per page, without a share (and its proxy) of their own; so does @murmur/mock-api-contract (plain values, no state).
  '@murmur/data',
  // The one mock back end of the page: started once by whoever boots it, and auth-mfe's demo account comes from it.
  '@murmur/mock-api',
]);

/**
 * The modules the shell puts on the page for every remote, each once: the singletons, and the entry points of them
 * that the apps import by a path of their own (React's JSX runtime, react-dom's client), as the federation plugin
 * shares them; a development build (React's development JSX runtime) adds its own.
 * @param {{ development: boolean }} mode
 */
export const providedModules = ({ development }) => [
  ...singletonPackages,
  'react/jsx-runtime',
  'react-dom/client',
  ...(development ? ['react/jsx-dev-runtime'] : []),
];
