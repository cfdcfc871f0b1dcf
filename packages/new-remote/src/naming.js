// @ts-check
/** How a remote's other names are made from its name and route: component names, the route's name, the heading. */

/** @param {string} word */
const capitalized = (word) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The name without the `-mfe` every remote's name ends with, in PascalCase: `NotificationsMfe` for the type of its
 * exposes, `Notifications` before its components' names (`NotificationsApp`).
 * @param {string} name
 */
export const pascalOf = (name) => name.split('-').map(capitalized).join('');

/** @param {string} name */
export const componentBaseOf = (name) => pascalOf(name.replace(/-mfe$/, '') || name);

/**
 * The route's name in the route table: its path's words in camelCase (`/team-settings/:teamID` is
 * `teamSettingsTeamID`).
 * @param {string} path
 */
export function routeNameOf(path) {
  const words = path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return words.map((word, i) => (i === 0 ? word.charAt(0).toLowerCase() + word.slice(1) : capitalized(word))).join('');
}

/**
 * The heading of its first screen without a nav label: its name's words, without `-mfe` (`Team Settings`).
 * @param {string} name
 */
export const headingOf = (name) => (name.replace(/-mfe$/, '') || name).split('-').map(capitalized).join(' ');
