// @ts-check
import ts from 'typescript';

/**
 * The module ids a release's published uses (`uses.d.ts`, docs/contracts.md) name, such as `feed-mfe/UserPostList`:
 * the members of its `Uses` interface, as the build prints it (packages/build-tools/contracts.js). Read with the
 * compiler's parser alone, so that a name is a member's, never a word of a comment or a type. Node only.
 * @param {string} text
 * @returns {string[]}
 */
export function usedModuleIds(text) {
  const file = ts.createSourceFile('uses.d.ts', text, ts.ScriptTarget.ES2022, false, ts.ScriptKind.TS);
  return file.statements.flatMap((statement) =>
    ts.isInterfaceDeclaration(statement) && statement.name.text === 'Uses'
      ? statement.members.flatMap(({ name }) =>
          name && (ts.isStringLiteral(name) || ts.isIdentifier(name)) ? [name.text] : [],
        )
      : [],
  );
}
