// What this package reads of the build it is bundled into, declared here as vite/client declares it for the apps:
// this package does not depend on Vite, and every program that compiles it must see the declaration.
declare global {
  interface ImportMetaEnv {
    PROD: boolean;
    /** Seconds between others' posts when the address says nothing, given at build (options.ts). */
    VITE_MOCK_LIVE?: string;
  }
  interface ImportMeta {
    readonly env: ImportMetaEnv;
  }
}

/** Whether the page runs a production build: Vite writes the answer in at build; Vitest sets it for tests. */
export const isProductionBuild = (): boolean => import.meta.env.PROD;

/**
 * The live activity a build turns on when the address says nothing: `VITE_MOCK_LIVE` where the build was made.
 * `npm run dev` sets it; `npm run build` does not, so what is released has none unless an address asks. A build made
 * with it runs the browser suite with others active (docs/developing.md, "Tests").
 */
export const buildLiveDefault = (): string | undefined => import.meta.env.VITE_MOCK_LIVE;
