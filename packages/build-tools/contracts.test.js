// @ts-check
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { contractsOf } from './contracts.js';

// docs/contracts.md: what a remote publishes is printed from its source, and an app that loads it compiles against
// it, so that a provider's change the consumer does not follow fails the consumer's type check.

const workspace = fileURLToPath(new URL('../../', import.meta.url));
const at = (/** @type {string} */ path) => `${workspace}${path}`;

/** Each file's parse, shared by every program of these tests: only a changed file is parsed again. */
const parsed = new Map();

/**
 * The type errors of `file` in `consumer`'s program (its tsconfig.json, as `typecheck` runs it, from that file and the
 * app's typing of the remotes it loads), with `changes` made to other files first: each path to its new text, or
 * null for a file this machine does not have.
 * @param {string} consumer
 * @param {string} file
 * @param {Record<string, string | null>} [changes]
 */
function typeErrors(consumer, file, changes = {}) {
  const config = ts.getParsedCommandLineOfConfigFile(
    at(`${consumer}/tsconfig.json`),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => undefined,
    },
  );
  if (!config) throw new Error(`${consumer}: no tsconfig.json`);
  const host = ts.createCompilerHost(config.options);
  const { getSourceFile, fileExists } = host;
  host.fileExists = (path) => (path in changes ? changes[path] !== null : fileExists.call(host, path));
  host.getSourceFile = (path, languageVersion, ...rest) => {
    const changed = changes[path];
    if (changed === null) return undefined;
    if (changed !== undefined) return ts.createSourceFile(path, changed, languageVersion, true);
    if (!parsed.has(path)) parsed.set(path, getSourceFile.call(host, path, languageVersion, ...rest));
    return parsed.get(path);
  };
  const rootNames = [at(`${consumer}/${file}`), at(`${consumer}/src/remoteModules.ts`)];
  const program = ts.createProgram({ rootNames, options: config.options, host });
  const source = program.getSourceFile(rootNames[0] ?? '');
  if (!source) throw new Error(`${consumer}/${file} is not in its program`);
  return program.getSemanticDiagnostics(source).map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' '));
}

/**
 * feed-mfe's UserPostList with other props.
 * @param {string} props
 */
const userPostListTaking = (props) =>
  ts.sys
    .readFile(at('feed-mfe/src/posts/UserPostList.tsx'))
    ?.replace('({ username }: { username: string })', `({ username }: ${props})`) ?? '';

describe("a remote's published declarations", () => {
  it("print what it exposes from its source, self-contained: the page's shared types by name", () => {
    const { exposes, uses } = contractsOf({ app: 'feed-mfe', root: at('feed-mfe') });
    expect(uses).toBeUndefined();
    expect(exposes).toContain(
      `  './UserPostList': {\n    default: (__0: { username: string }) => Shared<'element'>;\n  };`,
    );
    expect(exposes).toContain(
      `  './preload': {\n` +
        `    preload: (context: { store: Shared<'store'>; pathname: string }) => void | Promise<void>;\n  };`,
    );
    expect(exposes).toMatch(
      new RegExp(
        / {4}mount: \(config: \{ loadRemoteModule: .*; store: Shared<'store'>; /.source +
          /reportCrash\?: \(error: Error\) => void \} & Shared<'singleSpaProps'>\) => Promise<any>;/.source,
      ),
    );
    expect(exposes).not.toContain('import(');
  }, 60_000);

  it('print what an app compiled against of the modules it uses', () => {
    expect(contractsOf({ app: 'profile-mfe', root: at('profile-mfe') }).uses).toContain(
      `  'feed-mfe/UserPostList': {\n    default: (__0: { username: string }) => Shared<'element'>;\n  };`,
    );
  }, 60_000);
});

describe("a consumer's type check against its providers", () => {
  it("takes UserPostList's props from feed-mfe's source: a change profile-mfe does not follow fails", () => {
    expect(typeErrors('profile-mfe', 'src/profile/UserPosts.tsx')).toEqual([]);
    const pinned = typeErrors('profile-mfe', 'src/profile/UserPosts.tsx', {
      [at('feed-mfe/src/posts/UserPostList.tsx')]: userPostListTaking('{ username: string; pinned: boolean }'),
    });
    expect(pinned.join('\n')).toMatch(/Property 'pinned' is missing/);
    const renamed = typeErrors('profile-mfe', 'src/profile/UserPosts.tsx', {
      [at('feed-mfe/src/posts/UserPostList.tsx')]: userPostListTaking('{ handle: string }'),
    });
    expect(renamed.join('\n')).toMatch(/'username' does not exist/);
    const optional = typeErrors('profile-mfe', 'src/profile/UserPosts.tsx', {
      [at('feed-mfe/src/posts/UserPostList.tsx')]: userPostListTaking('{ username: string; pinned?: boolean }'),
    });
    expect(optional).toEqual([]);
  }, 60_000);

  it("takes them from feed-mfe's published exposes.d.ts where its source is not on the machine", () => {
    const { exposes = '' } = contractsOf({ app: 'feed-mfe', root: at('feed-mfe') });
    const alone = { [at('feed-mfe/src/exposes.ts')]: null };
    const fetched = at('profile-mfe/remote-types/feed-mfe.d.ts');
    expect(typeErrors('profile-mfe', 'src/profile/UserPosts.tsx', { ...alone, [fetched]: exposes })).toEqual([]);
    const pinned = exposes.replace('{ username: string }', '{ username: string; pinned: boolean }');
    expect(typeErrors('profile-mfe', 'src/profile/UserPosts.tsx', { ...alone, [fetched]: pinned }).join('\n')).toMatch(
      /Property 'pinned' is missing/,
    );
  }, 60_000);

  it("takes parcel props and preload's argument from each remote's source: a new required one fails the shell", () => {
    expect(typeErrors('shell', 'src/federation/RemoteOutlet.tsx')).toEqual([]);
    const lifecycles = [
      `import type { AppProps } from 'single-spa';`,
      `import type { RemoteAppProps } from '@murmur/remote-kit';`,
      `type Lifecycle = (props: RemoteAppProps & AppProps & { basePath: string }) => Promise<void>;`,
      `export declare const bootstrap: Lifecycle, mount: Lifecycle, unmount: Lifecycle;`,
    ].join('\n');
    const app = typeErrors('shell', 'src/federation/RemoteOutlet.tsx', {
      [at('feed-mfe/src/lifecycles.tsx')]: lifecycles,
    });
    expect(app.join('\n')).toMatch(/Property 'basePath' is missing/);
    const preload = [
      `import type { Store } from '@murmur/remote-kit';`,
      `export declare const preload: (context: { store: Store; pathname: string; locale: string }) => Promise<void>;`,
    ].join('\n');
    const preloadErrors = typeErrors('shell', 'src/federation/routePreload.ts', {
      [at('profile-mfe/src/preload.ts')]: preload,
    });
    expect(preloadErrors.join('\n')).toMatch(/Property 'locale' is missing/);
  }, 60_000);
});
