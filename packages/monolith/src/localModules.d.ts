/** Written by packages/monolith/vite.config.ts from the apps table: each module a remote exposes, imported directly. */
declare module 'virtual:murmur-local-modules' {
  import type { RemoteModuleId } from '@murmur/remote-kit';

  export const localModules: Partial<Record<RemoteModuleId, () => Promise<unknown>>>;
}
