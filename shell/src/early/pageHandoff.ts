/**
 * The page handoff between the served page, the early script (earlyScript.ts) and the shell, written once
 * (docs/architecture.md, "The early script"). The page: the early script's tag, put in by the shell's build
 * (earlyScriptPlugin.ts), names in `RUNTIME_CORE_ATTRIBUTE` the shell's files that hold the federation runtime's core.
 * The early script: offers the shell what the page carries, and what it has read and hinted (`EarlyScript`), through
 * `offerEarlyScript`; the shell takes it through `earlyScript`. Nothing else passes between them.
 */

/** The early script's tag's attribute naming the shell's runtime-core files (written once, with the served page's). */
export { runtimeCoreAttribute as RUNTIME_CORE_ATTRIBUTE } from '@murmur/config/resolved-page';

/**
 * The early script's tag's attribute that names, for a tab that holds an override, which modules of the production
 * build the development build's stand in for (shell/developmentShellPlugin.ts): `from=to` pairs, relative to the
 * version folder, separated by spaces. Absent where the release carries no development build.
 */
export const DEVELOPMENT_SHELL_ATTRIBUTE = 'data-development-shell';

/** Where in the version folder the shell's development build is. */
export { developmentShellFolder } from '@murmur/config/resolved-page';

/**
 * Where a tab keeps the overrides applied in it (sessionStorage, overrides/overrideTab.ts): the early script reads
 * whether it holds any.
 */
export const overridesStorageKey = 'murmur.remoteOverrides';

/**
 * Where a tab marks, in its sessionStorage, the next load as one it asks for itself, holding its overrides
 * (early/storedOverrides.ts#markOverridingLoad): the early script takes the mark before it runs the development build.
 */
export const overridingLoadStorageKey = 'murmur.overridingLoad';

export const REMOTES_FILE = 'remotes.json';

/**
 * Where the shell finds its remotes: the pointer sits at the site root, per environment; the build is the same
 * everywhere and holds no base of it.
 */
export const remotesJsonUrl = (): string => new URL(`/${REMOTES_FILE}`, window.location.href).href;

/** What the early script hands the shell. */
export interface EarlyScript {
  /** The remotes.json the served page carries, once: the shell's first read takes it instead of asking. */
  takeRemotesJson(): Promise<Response> | undefined;
  /**
   * The manifest at `manifestUrl`: the page's copy or the early script's read of it (a successful one), once, or
   * else a new read. Either is checked against the integrity given for it (`requireIntegrity`): a changed manifest
   * rejects.
   */
  readManifest(manifestUrl: string): Promise<Response>;
  /**
   * Has the browser refuse any of these files (URL to `sha384-…`, as remotes.json's `integrity` gives them) whose
   * bytes are not the ones released: scripts through an import map, before any module of theirs is resolved;
   * manifests and hinted files as it fetches them (docs/serving.md, "What the browser checks").
   */
  requireIntegrity(files: Partial<Record<string, string>>): void;
  /**
   * Has the browser fetch the scripts and styles of the remote whose manifest is at `manifestUrl` ahead of use, and
   * maps its copy of the runtime's core onto the shell's; settles, never failing, once in place.
   */
  hintRemote(manifestUrl: string): Promise<void>;
}

const slot = Symbol.for('murmur.earlyScript');
const page = globalThis as typeof globalThis & { [slot]?: EarlyScript };

/** For the early script: hands the shell its reads and hints. */
export function offerEarlyScript(early: EarlyScript): void {
  page[slot] = early;
}

/** For the shell: what the early script handed over, or undefined where none ran (unit tests, the monolith). */
export function earlyScript(): EarlyScript | undefined {
  return page[slot];
}
