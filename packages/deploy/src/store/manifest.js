// @ts-check
import { posix } from 'node:path';
import { z } from 'zod';

/** The parts of an mf-manifest.json that deciding whether a release fits depends on. */
const manifestSchema = z.object({
  name: z.string().min(1),
  metaData: z.object({
    remoteEntry: z.object({ name: z.string().min(1), path: z.string() }),
    publicPath: z.string().optional(),
  }),
  shared: z.array(
    z.object({
      name: z.string().min(1),
      version: z.string().min(1),
      singleton: z.boolean().optional(),
      requiredVersion: z.string().optional(),
    }),
  ),
  exposes: z.array(z.object({ path: z.string().min(1) })),
});

/** @typedef {z.infer<typeof manifestSchema>} Manifest */

/**
 * Reads and validates the mf-manifest.json of one release, and checks that the release holds the entry it names.
 * @param {import('./backends/backend.js').StoreBackend} backend
 * @param {string} app
 * @param {string} version
 * @returns {Promise<{ manifest: Manifest } | { problem: string }>}
 */
export async function manifestOf(backend, app, version) {
  const text = await backend.read(`${app}/${version}/mf-manifest.json`);
  if (text === null) return { problem: 'it has no mf-manifest.json' };
  /** @type {unknown} */
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    return { problem: 'its mf-manifest.json is not JSON' };
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { problem: `its mf-manifest.json is invalid at ${issue?.path.join('.') || 'the top'}: ${issue?.message}` };
  }
  const entry = parsed.data.metaData.remoteEntry;
  const entryKey = posix.join(app, version, entry.path, entry.name);
  if (!entryKey.startsWith(`${app}/${version}/`) || !(await backend.has(entryKey))) {
    return { problem: `its mf-manifest.json names the entry ${entry.name}, which the release does not hold` };
  }
  return { manifest: parsed.data };
}
