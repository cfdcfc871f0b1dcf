// @ts-check

/** @typedef {import('@murmur/config/apps').AppName} AppName */

/**
 * A release's published declarations (docs/contracts.md): null where it publishes none.
 * @typedef {{ exposes: string | null; uses: string | null }} Published
 */

/**
 * The breaks of the seams between a release of `app` and what is live (docs/contracts.md), one line each, from what
 * the releases published: as a provider, every live app's recorded uses of its modules (each one's stable version and
 * canary) against its published declarations; as a consumer, its recorded uses against every live provider's. A
 * release that publishes neither file (built before they were published) is not checked on that side.
 * @param {{ app: AppName; own: Published; live: ({ app: AppName; version: string; canary: boolean } & Published)[] }}
 *   release `own`: the release's declarations; `live`: those of the other apps' live versions, each app's stable
 *   version then its canary
 * @returns {Promise<string[]>}
 */
export async function seamBreaks({ app, own, live }) {
  const { exposes, uses } = own;
  if (exposes === null && uses === null) return [];
  // The compiler is loaded only for a check: the store server and the other commands never need it.
  const { contractBreaks } = await import('./contractBreaks.js');
  const others = live.filter((other) => other.app !== app);
  /** @type {string[]} */
  const lines = [];
  if (exposes !== null) {
    const consumers = others.flatMap((other) =>
      other.uses === null
        ? []
        : [{ label: other.canary ? `${other.app}'s canary ${other.version}` : other.app, text: other.uses }],
    );
    if (consumers.length > 0)
      lines.push(...contractBreaks({ provider: { app, label: 'this release', text: exposes }, consumers }));
  }
  if (uses !== null) {
    for (const other of others) {
      if (other.exposes === null) continue;
      const label = other.canary ? `${other.app}'s canary ${other.version}` : `the live ${other.app}`;
      lines.push(
        ...contractBreaks({
          provider: { app: other.app, label, text: other.exposes },
          consumers: [{ label: 'this release', text: uses }],
        }),
      );
    }
  }
  return lines;
}
