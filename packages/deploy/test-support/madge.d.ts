// The part of madge (it has no types of its own) that src/layers.test.js uses.
declare module 'madge' {
  interface MadgeConfig {
    fileExtensions?: string[];
    excludeRegExp?: RegExp[];
  }

  interface MadgeResult {
    /** Each module, relative to the path madge was given, and the modules it imports. */
    obj(): Record<string, string[]>;
    /** What madge could not resolve, as it was written. */
    warnings(): { skipped: string[] };
  }

  export default function madge(path: string, config?: MadgeConfig): Promise<MadgeResult>;
}
