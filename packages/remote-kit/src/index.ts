export { createLifecycles, type RemoteAppProps } from './lifecycles';
export { runStandalone } from './standalone';
export { bootPage } from './bootPage';
export { recordStore, type Store } from './store';
export type { RoutePreload, RoutePreloadModule } from './routePreload';
export {
  createRemoteLoader,
  type BeforeRemoteLoad,
  type DirectLoad,
  type FederationRuntime,
  type LoadRemoteModule,
  type ReadRemoteLocations,
  type RemoteModuleId,
} from './remoteLoader';
export { RemoteModulesProvider, useRemoteComponent, type RemoteComponentState } from './RemoteModules';
export { useRemoteModule, type RemoteModuleState } from './useRemoteModule';
export type { KnownModuleId, ModulesOf, RemoteModules, Shared, SharedTypes } from './moduleTypes';
export { AppScope } from './AppScope';
export { failureMessage } from './failureMessage';
export { useFollowToggle } from './useFollowToggle';
