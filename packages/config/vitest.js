// @ts-check
/**
 * Vitest defaults for every package. When MURMUR_REPORT_DIR is set (CI sets it), each package also writes a JSON
 * report there, so that one script can add up the totals of every suite.
 * @param {string} packageName
 * @returns {import('vitest/node').InlineConfig}
 */
export function vitestDefaults(packageName) {
  const reportDir = process.env.MURMUR_REPORT_DIR;
  return {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    testTimeout: 20_000,
    reporters: reportDir ? ['default', 'json'] : ['default'],
    outputFile: reportDir ? { json: `${reportDir}/vitest-${packageName}.json` } : undefined,
  };
}
