import type * as Lifecycles from './lifecycles';
import type * as Preload from './preload';

/**
 * What profile-mfe exposes, by module: the types the apps that load them compile against, and that its build publishes
 * (`exposes.d.ts`) for promote to check their uses against (docs/contracts.md). The keys are its exposes in the apps
 * table (packages/config/apps.js).
 */
export interface Exposes {
  './app': typeof Lifecycles;
  './preload': typeof Preload;
}
