// What this package reads of the build it is bundled into, declared here as vite/client declares it for the apps:
// this package does not depend on Vite, and every program that compiles it must see the declaration.
declare global {
  interface ImportMetaEnv {
    PROD: boolean;
    /** Seconds between others' posts when the address says nothing: `npm run dev` sets it (options.ts). */
    VITE_MOCK_LIVE?: string;
  }
  interface ImportMeta {
    readonly env: ImportMetaEnv;
  }
}

/** Whether the page runs a production build: Vite writes the answer in at build; Vitest sets it for tests. */
export const isProductionBuild = (): boolean => import.meta.env.PROD;

/** The live activity a development server turns on by default (`npm run dev`); never a production build's. */
export const developmentLiveDefault = (): string | undefined =>
  isProductionBuild() ? undefined : import.meta.env.VITE_MOCK_LIVE;
