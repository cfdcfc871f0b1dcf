/**
 * What the data layer (@murmur/data) and the back end (@murmur/mock-api) agree on: the entity and answer types,
 * every refusal message, the input rules, the token's payload and the orders of posts (docs/data-layer.md). Plain
 * values and functions, no state: each package bundles what it uses.
 */
export type * from './types';
export { ERRORS, noRouteMessage } from './errors';
export * from './rules';
export * from './token';
export * from './order';
