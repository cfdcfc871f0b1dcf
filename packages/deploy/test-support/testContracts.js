// @ts-check
// Unit tests' stand-in for the declarations a build prints (packages/build-tools/contracts.js), in the same form: each
// module's exports, the page's shared types by name. A test changes one part (a prop, an argument) as a release would.

const header = `import type { Shared } from '@murmur/remote-kit';\n\n`;

/**
 * The props the shell hands every parcel, as remote-kit's RemoteAppProps prints, with `extra` members.
 * @param {string} [extra] e.g. `; basePath: string`
 */
const appProps = (extra = '') =>
  '{ loadRemoteModule: <T>(id: `${string}/${string}`, options?: { retry?: boolean }) => Promise<T>; ' +
  "store: Shared<'store'>; " +
  `reportCrash?: (error: Error) => void${extra} } & Shared<'singleSpaProps'>`;

/** The members of each kind of module, each with what a test changes. */
export const modules = {
  /** @param {string} [extra] more members of the parcel props it takes */
  app: (extra) =>
    ['bootstrap', 'mount', 'unmount'].map((name) => `${name}: (config: ${appProps(extra)}) => Promise<any>;`).join(' '),
  /** @param {string} [props] */
  userPostList: (props = '{ username: string }') => `default: (__0: ${props}) => Shared<'element'>;`,
  /** @param {string} [extra] more members of the context it takes */
  preload: (extra = '') =>
    `preload: (context: { store: Shared<'store'>; pathname: string${extra} }) => void | Promise<void>;`,
};

/**
 * A remote's exposes.d.ts.
 * @param {Record<string, string>} exposed each module (`./app`) to its members
 */
export const exposesFile = (exposed) =>
  `${header}export interface Exposes {\n${Object.entries(exposed)
    .map(([module, members]) => `  '${module}': { ${members} };`)
    .join('\n')}\n}\n`;

/**
 * An app's uses.d.ts.
 * @param {Record<string, string>} used each module id (`feed-mfe/app`) to the members it compiled against
 */
export const usesFile = (used) =>
  `${header}export interface Uses {\n${Object.entries(used)
    .map(([id, members]) => `  '${id}': { ${members} };`)
    .join('\n')}\n}\n`;

/** What each app publishes as the workspace builds it today. */
export const published = {
  shell: {
    uses: usesFile({
      'auth-mfe/app': modules.app(),
      'feed-mfe/app': modules.app(),
      'feed-mfe/preload': modules.preload(),
      'profile-mfe/app': modules.app(),
      'profile-mfe/preload': modules.preload(),
    }),
  },
  'auth-mfe': { exposes: exposesFile({ './app': modules.app() }) },
  'feed-mfe': {
    exposes: exposesFile({
      './app': modules.app(),
      './UserPostList': modules.userPostList(),
      './preload': modules.preload(),
    }),
  },
  'profile-mfe': {
    exposes: exposesFile({ './app': modules.app(), './preload': modules.preload() }),
    uses: usesFile({ 'feed-mfe/UserPostList': modules.userPostList() }),
  },
};
