// @ts-check
import { dirname } from 'node:path';
import ts from 'typescript';

/**
 * Whether what consumers compiled against of a remote's modules still holds for a release of it: the TypeScript
 * compiler, on the published declarations alone (packages/build-tools/contracts.js writes them at build), in memory.
 * Node only. docs/contracts.md, "What promote checks".
 */

/** Where the check's files are, in memory only. */
const root = '/murmur-contract';

/**
 * What the declarations import `Shared` from, here: each shared type a brand of its name. The page holds one copy of
 * each; which version is the singleton check's to say (packages/release-checks/src/promotion.js).
 */
const sharedStandIn = 'export type Shared<K extends string> = { readonly __shared: K };\n';

const options = /** @type {ts.CompilerOptions} */ ({
  strict: true,
  noEmit: true,
  types: [],
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  paths: { '@murmur/remote-kit': [`${root}/shared.d.ts`] },
});

/** The lib's files, parsed once per process: every check reads the same. */
const libFiles = new Map();

/**
 * @typedef {{ label: string; text: string }} Declarations a release's published file and how a line names it
 * @typedef {{ provider: Declarations & { app: string }; consumers: Declarations[] }} Seam
 */

/**
 * Each way the consumers' recorded uses of `provider`'s modules break against its declarations, one line each, or
 * none. A consumer's use of a module the provider does not expose is not a break here: that is the names check's
 * (an optional module, like `./preload`, may go).
 * @param {Seam} seam
 * @returns {string[]}
 */
export function contractBreaks({ provider, consumers }) {
  /** @type {Record<string, string>} */
  const files = {
    [`${root}/shared.d.ts`]: sharedStandIn,
    [`${root}/provider.d.ts`]: provider.text,
    ...Object.fromEntries(consumers.map((consumer, i) => [`${root}/consumer${i}.d.ts`, consumer.text])),
    [`${root}/check.ts`]: [
      `import type { Exposes } from './provider';`,
      ...consumers.map((_, i) => `import type { Uses as Uses${i} } from './consumer${i}';`),
      `export type Seam = { provider: Exposes; ${consumers.map((_, i) => `consumer${i}: Uses${i};`).join(' ')} };`,
    ].join('\n'),
  };
  const program = ts.createProgram({ rootNames: [`${root}/check.ts`], options, host: inMemoryHost(files) });
  const malformed = [provider, ...consumers].flatMap((declarations, i) => {
    const file = program.getSourceFile(i === 0 ? `${root}/provider.d.ts` : `${root}/consumer${i - 1}.d.ts`);
    const problems = file ? [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)] : [];
    const [first] = problems;
    return first
      ? [
          `${declarations.label}'s published declarations do not compile: ` +
            ts.flattenDiagnosticMessageText(first.messageText, ' '),
        ]
      : [];
  });
  if (malformed.length > 0) return malformed;
  const checker = program.getTypeChecker();
  const check = /** @type {ts.SourceFile} */ (program.getSourceFile(`${root}/check.ts`));
  const seamType = checker.getTypeAtLocation(
    /** @type {ts.TypeAliasDeclaration} */ (check.statements.find(ts.isTypeAliasDeclaration)).name,
  );
  /** @param {string} name */
  const member = (name) => {
    const symbol = seamType.getProperty(name);
    return symbol ? checker.getTypeOfSymbol(symbol) : undefined;
  };
  const exposes = member('provider');
  /** @type {Set<string>} */
  const lines = new Set();
  consumers.forEach((consumer, i) => {
    for (const used of member(`consumer${i}`)?.getProperties() ?? []) {
      const id = used.getName();
      if (!id.startsWith(`${provider.app}/`)) continue;
      const exposed = exposes?.getProperty(`./${id.slice(provider.app.length + 1)}`);
      if (!exposed) continue;
      const say = sayer(consumer.label, id, provider.label);
      const before = checker.getTypeOfSymbol(used);
      const now = checker.getTypeOfSymbol(exposed);
      for (const exported of before.getProperties()) {
        const current = now.getProperty(exported.getName());
        if (!current) {
          lines.add(say.missingExport(exported.getName()));
          continue;
        }
        for (const line of callBreaks(
          checker,
          checker.getTypeOfSymbol(exported),
          checker.getTypeOfSymbol(current),
          say,
          exported.getName(),
        ))
          lines.add(line);
      }
    }
  });
  return [...lines];
}

/**
 * How a line names a break: the consumer, the module, the property, the provider.
 * @param {string} consumer
 * @param {string} id
 * @param {string} provider
 */
function sayer(consumer, id, provider) {
  return {
    /** @param {string} name */
    missingExport: (name) => `${consumer} uses ${id}'s export \`${name}\`, which ${provider} does not have`,
    /** @param {string} prop */
    missingProp: (prop) => `${consumer} uses ${id} without prop \`${prop}\`, which ${provider} requires`,
    /** @param {string} prop */
    extraProp: (prop) => `${consumer} passes ${id} prop \`${prop}\`, which ${provider} does not take`,
    /** @param {string} prop @param {string} given @param {string} taken */
    propType: (prop, given, taken) =>
      `${consumer} passes ${id} prop \`${prop}\` as ${given}, where ${provider} takes ${taken}`,
    /** @param {string} name @param {number} position @param {string} given @param {string} taken */
    argument: (name, position, given, taken) =>
      `${consumer} calls ${id}'s \`${name}\` with ${given} as argument ${position}, where ${provider} takes ${taken}`,
    /** @param {string} name @param {number} position */
    missingArgument: (name, position) =>
      `${consumer} calls ${id}'s \`${name}\` without argument ${position}, which ${provider} requires`,
  };
}

/**
 * Whether calls the consumer makes as `before` declared them still fit `now`: argument by argument, an object's
 * property by property (what the consumer passes is taken to be what it compiled against: each required property,
 * and no optional one).
 * @param {ts.TypeChecker} checker
 * @param {ts.Type} before
 * @param {ts.Type} now
 * @param {ReturnType<typeof sayer>} say
 * @param {string} name
 */
function callBreaks(checker, before, now, say, name) {
  const [was] = checker.getSignaturesOfType(before, ts.SignatureKind.Call);
  const [is] = checker.getSignaturesOfType(now, ts.SignatureKind.Call);
  if (!was || !is) return checker.isTypeAssignableTo(now, before) ? [] : [say.missingExport(name)];
  /** @type {string[]} */
  const lines = [];
  is.getParameters().forEach((parameter, i) => {
    const taken = checker.getTypeOfSymbol(parameter);
    const givenSymbol = was.getParameters()[i];
    if (!givenSymbol) {
      if (!isOptionalParameter(checker, parameter)) lines.push(say.missingArgument(name, i + 1));
      return;
    }
    const given = checker.getTypeOfSymbol(givenSymbol);
    if (isPlainObject(checker, given) && isPlainObject(checker, taken))
      lines.push(...propBreaks(checker, given, taken, say));
    else if (!checker.isTypeAssignableTo(given, taken))
      lines.push(say.argument(name, i + 1, checker.typeToString(given), checker.typeToString(taken)));
  });
  return lines;
}

/**
 * @param {ts.TypeChecker} checker
 * @param {ts.Type} given
 * @param {ts.Type} taken
 * @param {ReturnType<typeof sayer>} say
 */
function propBreaks(checker, given, taken, say) {
  /** @type {string[]} */
  const lines = [];
  for (const prop of checker.getPropertiesOfType(taken)) {
    const passed = given.getProperty(prop.getName());
    const required = !(prop.flags & ts.SymbolFlags.Optional);
    if (!passed || passed.flags & ts.SymbolFlags.Optional) {
      if (required) lines.push(say.missingProp(prop.getName()));
      continue;
    }
    const givenType = checker.getTypeOfSymbol(passed);
    const takenType = checker.getTypeOfSymbol(prop);
    if (!checker.isTypeAssignableTo(givenType, takenType))
      lines.push(say.propType(prop.getName(), checker.typeToString(givenType), checker.typeToString(takenType)));
  }
  for (const prop of checker.getPropertiesOfType(given)) {
    if (!(prop.flags & ts.SymbolFlags.Optional) && !taken.getProperty(prop.getName()))
      lines.push(say.extraProp(prop.getName()));
  }
  return lines;
}

/**
 * An object passed for its properties: not a function, not a primitive.
 * @param {ts.TypeChecker} checker
 * @param {ts.Type} type
 */
const isPlainObject = (checker, type) =>
  (type.flags & (ts.TypeFlags.Object | ts.TypeFlags.Intersection)) !== 0 &&
  checker.getSignaturesOfType(type, ts.SignatureKind.Call).length === 0;

/**
 * @param {ts.TypeChecker} checker
 * @param {ts.Symbol} parameter
 */
function isOptionalParameter(checker, parameter) {
  const declaration = parameter.valueDeclaration;
  return (
    declaration !== undefined &&
    ts.isParameter(declaration) &&
    (checker.isOptionalParameter(declaration) || !!declaration.dotDotDotToken)
  );
}

/**
 * A compiler host over `files`, and the lib's files from the installed compiler.
 * @param {Record<string, string>} files
 * @returns {ts.CompilerHost}
 */
function inMemoryHost(files) {
  const libFolder = dirname(ts.getDefaultLibFilePath(options));
  return {
    getSourceFile(fileName, languageVersion) {
      const text = files[fileName];
      if (text !== undefined) return ts.createSourceFile(fileName, text, languageVersion, true);
      if (!fileName.startsWith(libFolder)) return undefined;
      let lib = libFiles.get(fileName);
      if (!lib) {
        const libText = ts.sys.readFile(fileName);
        if (libText === undefined) return undefined;
        lib = ts.createSourceFile(fileName, libText, languageVersion, true);
        libFiles.set(fileName, lib);
      }
      return lib;
    },
    getDefaultLibFileName: (compilerOptions) => ts.getDefaultLibFilePath(compilerOptions),
    getDefaultLibLocation: () => libFolder,
    writeFile: () => undefined,
    getCurrentDirectory: () => root,
    getCanonicalFileName: (fileName) => fileName,
    useCaseSensitiveFileNames: () => true,
    getNewLine: () => '\n',
    fileExists: (fileName) => fileName in files || (fileName.startsWith(libFolder) && ts.sys.fileExists(fileName)),
    readFile: (fileName) => files[fileName] ?? (fileName.startsWith(libFolder) ? ts.sys.readFile(fileName) : undefined),
    directoryExists: (directory) => directory === root || directory.startsWith(libFolder),
  };
}
