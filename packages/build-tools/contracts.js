// @ts-check
import { join } from 'node:path';
import ts from 'typescript';
import { apps, usesOf } from '@murmur/config/apps';
import { sharedTypesModule } from './publishedTypesPlugin.js';
import { typePrinter } from './typePrinter.js';

/**
 * The published declarations of `app`, printed from its source with the TypeScript compiler: `exposes` (a remote's)
 * from its `src/exposes.ts`, `uses` from the modules its `src/remoteModules.ts` types. Only the types these reach
 * are checked, and lazily, so it costs a parse of the app's sources, not a type check.
 * @param {{ app: import('@murmur/config/apps').AppName; root: string }} options
 * @returns {{ exposes?: string; uses?: string }}
 */
export function contractsOf({ app, root }) {
  const isRemote = 'exposes' in apps[app];
  const uses = usesOf(app);
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error(`${app}: no tsconfig.json`);
  // One file of our own, in the app's folder so that it resolves as the app's sources do, names what is printed.
  const probe = join(root, 'src', '__published_types__.ts');
  const probeText = [
    `import type { SharedTypes${uses.length > 0 ? ', RemoteModules' : ''} } from '${sharedTypesModule}';`,
    isRemote ? `import type { Exposes } from './exposes';` : '',
    uses.length > 0 ? `import './remoteModules';` : '',
    'export type Probe = {',
    '  shared: SharedTypes;',
    isRemote ? '  exposes: Exposes;' : '',
    uses.length > 0 ? `  uses: Pick<RemoteModules, ${uses.map((id) => `'${id}'`).join(' | ')}>;` : '',
    '};',
  ].join('\n');
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile;
  host.readFile = (file) => (file === probe ? probeText : readFile.call(host, file));
  const fileExists = host.fileExists;
  host.fileExists = (file) => file === probe || fileExists.call(host, file);
  // Without the app's global types (Vite's, the tests'): only the types the probe reaches are read.
  const options = { ...config.options, noEmit: true, types: [] };
  const program = ts.createProgram({ rootNames: [probe], options, host });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(probe);
  const problems = source ? program.getSemanticDiagnostics(source) : [];
  if (problems.length > 0 || !source) {
    const messages = problems.map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' '));
    throw new Error(`${app}: its published types cannot be read: ${messages.join('; ')}`);
  }
  const probeType = checker.getTypeAtLocation(
    /** @type {ts.TypeAliasDeclaration} */ (source.statements.find(ts.isTypeAliasDeclaration)).name,
  );
  /** @param {string} name */
  const member = (name) => {
    const symbol = probeType.getProperty(name);
    return symbol ? checker.getTypeOfSymbol(symbol) : undefined;
  };
  /** @type {Map<ts.Type, string>} */
  const sharedKeys = new Map();
  for (const shared of member('shared')?.getProperties() ?? [])
    sharedKeys.set(checker.getTypeOfSymbol(shared), shared.getName());
  const printer = typePrinter(program, sharedKeys);
  /**
   * @param {string} name
   * @param {ts.Type | undefined} type
   * @param {string} what
   */
  const declaration = (name, type, what) => {
    const members = (type?.getProperties() ?? []).map((module) => {
      const exports = checker.getTypeOfSymbol(module);
      const lines = exports.getProperties().map((exported) => {
        const printed = printer.print(checker.getTypeOfSymbol(exported));
        return `    ${exported.getName()}: ${printed};`;
      });
      return `  '${module.getName()}': {\n${lines.join('\n')}\n  };`;
    });
    return [
      `// ${what} (docs/contracts.md). Printed from ${app}'s source by its build.`,
      `import type { Shared } from '${sharedTypesModule}';`,
      '',
      `export interface ${name} {`,
      ...members,
      '}',
      '',
    ].join('\n');
  };
  return {
    ...(isRemote ? { exposes: declaration('Exposes', member('exposes'), `What ${app} exposes`) } : {}),
    ...(uses.length > 0
      ? { uses: declaration('Uses', member('uses'), `What ${app} compiled against of the modules it uses`) }
      : {}),
  };
}
