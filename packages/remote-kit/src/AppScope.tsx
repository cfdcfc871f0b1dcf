import type { ReactNode } from 'react';

/**
 * The root element of an app's screens. Its stylesheet's utilities are scoped to it
 * (packages/build-tools/scopeStyles.js), so another app's stylesheet, whatever order the page loads them in, cannot
 * override them here.
 */
export function AppScope({ app, children }: { app: string; children: ReactNode }) {
  return <div data-murmur-app={app}>{children}</div>;
}
