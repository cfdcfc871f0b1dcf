// What this package reads of the build it is bundled into, declared here as vite/client declares it for the apps:
// this package does not depend on Vite, and every program that compiles it must see the declaration.
declare global {
  interface ImportMetaEnv {
    PROD: boolean;
  }
  interface ImportMeta {
    readonly env: ImportMetaEnv;
  }
}

/** Whether the page runs a production build: Vite writes the answer in at build; Vitest sets it for tests. */
export const isProductionBuild = (): boolean => import.meta.env.PROD;
