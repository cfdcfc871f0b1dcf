import { rmSync } from 'node:fs';

/** Removes the run's release store that playwright.config.ts made. */
export default function removeStore() {
  const store = process.env.MURMUR_E2E_STORE;
  if (store) rmSync(store, { recursive: true, force: true });
}
