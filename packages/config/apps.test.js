// @ts-check
import { describe, expect, it } from 'vitest';
import {
  appEnvName,
  appNames,
  apps,
  consumedOf,
  federationNameOf,
  monolithPort,
  preloads,
  remoteNames,
  usesOf,
} from './apps.js';
import { routes } from './routes.js';

/** @param {unknown[]} values */
const duplicates = (values) => values.filter((value, i) => values.indexOf(value) !== i);

describe('the apps table', () => {
  it("gives each app a port of its own, none the baseline's", () => {
    const ports = [...appNames.map((app) => apps[app].port), monolithPort];
    expect(duplicates(ports)).toEqual([]);
  });

  it('derives a federation name and environment variable names no two apps share, each a valid identifier', () => {
    const federationNames = appNames.map(federationNameOf);
    expect(duplicates(federationNames)).toEqual([]);
    for (const name of federationNames) expect(name).toMatch(/^[A-Za-z_$][\w$]*$/);
    const envNames = appNames.map((app) => appEnvName(app, 'PUBLIC_URL'));
    expect(duplicates(envNames)).toEqual([]);
    for (const name of envNames) expect(name).toMatch(/^[A-Z_][A-Z0-9_]*$/);
    expect(federationNameOf('feed-mfe')).toBe('feed_mfe');
    expect(appEnvName('feed-mfe', 'PUBLIC_URL')).toBe('MURMUR_FEED_MFE_PUBLIC_URL');
  });

  it('lists the shell first and every other app as a remote with ./app, consumed only for what it exposes', () => {
    expect(appNames[0]).toBe('shell');
    expect(remoteNames).toEqual(appNames.slice(1));
    for (const remote of remoteNames) {
      const { exposes } = apps[remote];
      expect(Object.keys(exposes), remote).toContain('./app');
      for (const module of consumedOf(remote)) expect(Object.keys(exposes), `${remote} ${module}`).toContain(module);
    }
    expect(remoteNames.filter(preloads)).toEqual(['feed-mfe', 'profile-mfe']);
    expect(consumedOf('feed-mfe')).toEqual(['./app', './UserPostList']);
  });

  it("names the modules each app uses of the others: the shell's ./app and ./preload, profile-mfe's post list", () => {
    // A remote added since (packages/new-remote) comes after these, with its ./app.
    expect(usesOf('shell').slice(0, 5)).toEqual([
      'auth-mfe/app',
      'feed-mfe/app',
      'feed-mfe/preload',
      'profile-mfe/app',
      'profile-mfe/preload',
    ]);
    for (const remote of remoteNames) expect(usesOf('shell')).toContain(`${remote}/app`);
    expect(usesOf('profile-mfe')).toEqual(['feed-mfe/UserPostList']);
    for (const app of remoteNames) expect(usesOf(app).every((id) => !id.startsWith(`${app}/`))).toBe(true);
  });

  it('owns every route by one of its remotes', () => {
    for (const route of Object.values(routes)) expect(remoteNames, route.path).toContain(route.remote);
  });
});
