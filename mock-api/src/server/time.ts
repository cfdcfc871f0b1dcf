/** Spec 3 timestamp form: 2026-11-22T14:03:09+00:00 (seconds precision, explicit offset). */
export function formatTimestamp(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}+00:00`;
}

export const nowTimestamp = (): string => formatTimestamp(Date.now());
