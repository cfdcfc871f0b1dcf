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
 * A release's mf-manifest.json validated, with the key of the entry it names, which the release must hold.
 * @param {string | null} text the file's text, null where the release has none
 * @param {string} app
 * @param {string} version
 * @returns {{ manifest: Manifest; entryKey: string } | { problem: string }}
 */
export function manifestOfText(text, app, version) {
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
  return entryKey.startsWith(`${app}/${version}/`) ? { manifest: parsed.data, entryKey } : missingEntry(parsed.data);
}

/** The problem of a manifest whose entry the release does not hold. @param {Manifest} manifest */
export const missingEntry = (manifest) => {
  const entry = manifest.metaData.remoteEntry.name;
  return { problem: `its mf-manifest.json names the entry ${entry}, which the release does not hold` };
};
