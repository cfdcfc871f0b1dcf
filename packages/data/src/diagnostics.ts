const reports = ((globalThis as { __murmurSharedInstances?: Record<string, unknown[]> }).__murmurSharedInstances ??=
  {});

/**
 * Each app reports the instance of a shared library it runs with (its React, its react-dom client), so that browser
 * tests can prove the page holds one of each. It keeps references only; it changes nothing.
 */
export function recordSharedInstance(name: string, instance: unknown): void {
  (reports[name] ??= []).push(instance);
}
