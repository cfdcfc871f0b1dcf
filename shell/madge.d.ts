// The part of madge (it has no types of its own) that src/layers.test.ts uses.
declare module 'madge' {
  interface MadgeConfig {
    fileExtensions?: string[];
    excludeRegExp?: RegExp[];
    /** Resolves the TypeScript modules' imports as the type check does. */
    tsConfig?: string;
    /** `skipTypeImports: false` keeps type-only imports in the graph. */
    detectiveOptions?: Record<string, { skipTypeImports?: boolean }>;
  }

  interface MadgeResult {
    /** Each module, relative to the path madge was given, and the modules it imports. */
    obj(): Record<string, string[]>;
    /** What madge could not resolve, as it was written. */
    warnings(): { skipped: string[] };
  }

  export default function madge(path: string, config?: MadgeConfig): Promise<MadgeResult>;
}
