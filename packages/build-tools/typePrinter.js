// @ts-check
import ts from 'typescript';

/** How deep a type is spelled out; below it, `unknown` (what no seam between remotes needs to reach). */
const maxDepth = 8;

/**
 * Spells types out as self-contained TypeScript text, for a remote's published declarations (contracts.js): every
 * type of the app's own and bundled packages written out structurally, the lib's (Promise, Error, HTMLElement) by
 * name, and the shared singletons' by their key in remote-kit's `SharedTypes` (`Shared<'store'>`). So the text
 * compiles with nothing but remote-kit beside it, and promote can check it from the store alone.
 * @param {ts.Program} program
 * @param {Map<ts.Type, string>} sharedKeys each shared type the text may name, to its key
 */
export function typePrinter(program, sharedKeys) {
  const checker = program.getTypeChecker();

  /** @param {ts.Symbol | undefined} symbol */
  const isLib = (symbol) =>
    symbol?.declarations?.some((declaration) => program.isSourceFileDefaultLibrary(declaration.getSourceFile())) ??
    false;

  /**
   * @param {ts.Type} type
   * @param {number} depth
   * @param {Set<ts.Type>} open the object types being spelled out around this one: a type inside itself is `unknown`
   * @returns {string}
   */
  function print(type, depth, open) {
    const shared = sharedKeys.get(type);
    if (shared) return `Shared<'${shared}'>`;
    if (depth > maxDepth) return 'unknown';
    const { flags } = type;
    if (flags & ts.TypeFlags.Boolean) return 'boolean';
    if (flags & ts.TypeFlags.TypeParameter) return type.symbol.getName();
    if (flags & ts.TypeFlags.Union) return union(/** @type {ts.UnionType} */ (type).types, depth, open);
    if (flags & ts.TypeFlags.Intersection)
      return /** @type {ts.IntersectionType} */ (type).types.map((m) => wrap(print(m, depth + 1, open))).join(' & ');
    if (!(flags & ts.TypeFlags.Object)) {
      // Primitives, literals, template literals: their own spelling names nothing outside.
      const text = checker.typeToString(type, undefined, ts.TypeFormatFlags.NoTruncation);
      return /[A-Za-z_$][\w$]*\s*</.test(text) || text.includes('import(') ? 'unknown' : text;
    }
    if (type.aliasSymbol && isLib(type.aliasSymbol))
      return named(type.aliasSymbol, type.aliasTypeArguments, depth, open);
    if (checker.isArrayType(type)) {
      const [element] = checker.getTypeArguments(/** @type {ts.TypeReference} */ (type));
      return `${wrap(element ? print(element, depth + 1, open) : 'unknown')}[]`;
    }
    if (checker.isTupleType(type)) {
      const elements = checker.getTypeArguments(/** @type {ts.TypeReference} */ (type));
      return `[${elements.map((e) => print(e, depth + 1, open)).join(', ')}]`;
    }
    if (isLib(type.symbol)) {
      const args =
        /** @type {ts.ObjectType} */ (type).objectFlags & ts.ObjectFlags.Reference
          ? checker.getTypeArguments(/** @type {ts.TypeReference} */ (type))
          : undefined;
      return named(type.symbol, args, depth, open);
    }
    if (open.has(type)) return 'unknown';
    const inner = new Set(open).add(type);
    return objectType(type, depth, inner);
  }

  /**
   * @param {readonly ts.Type[]} members
   * @param {number} depth
   * @param {Set<ts.Type>} open
   */
  function union(members, depth, open) {
    // `boolean` is `false | true` inside a union: spelled as a person would.
    const booleans = members.filter((m) => m.flags & ts.TypeFlags.BooleanLiteral);
    const rest = booleans.length === 2 ? members.filter((m) => !booleans.includes(m)) : members;
    const texts = rest.map((m) => wrap(print(m, depth + 1, open)));
    return [...texts, ...(booleans.length === 2 ? ['boolean'] : [])].join(' | ');
  }

  /**
   * A type an optional property or parameter is declared with: its union without the `undefined` that `?` adds.
   * @param {ts.Type} type
   * @param {number} depth
   * @param {Set<ts.Type>} open
   */
  function printOptional(type, depth, open) {
    if (!(type.flags & ts.TypeFlags.Union) || sharedKeys.has(type)) return print(type, depth, open);
    const kept = /** @type {ts.UnionType} */ (type).types.filter((m) => !(m.flags & ts.TypeFlags.Undefined));
    const [one] = kept;
    return one && kept.length === 1 ? print(one, depth, open) : union(kept, depth, open);
  }

  /**
   * @param {ts.Symbol} symbol
   * @param {readonly ts.Type[] | undefined} args
   * @param {number} depth
   * @param {Set<ts.Type>} open
   */
  function named(symbol, args, depth, open) {
    const list = args?.length ? `<${args.map((a) => print(a, depth + 1, open)).join(', ')}>` : '';
    return `${symbol.getName()}${list}`;
  }

  /**
   * @param {ts.Type} type
   * @param {number} depth
   * @param {Set<ts.Type>} open
   */
  function objectType(type, depth, open) {
    const calls = checker.getSignaturesOfType(type, ts.SignatureKind.Call);
    const properties = checker.getPropertiesOfType(type);
    const indexes = checker.getIndexInfosOfType(type);
    const [only] = calls;
    if (only && calls.length === 1 && properties.length === 0 && indexes.length === 0)
      return signature(only, depth, open, ' =>');
    const members = [
      ...calls.map((call) => signature(call, depth, open, ':')),
      ...indexes.map(
        (index) => `[key: ${print(index.keyType, depth + 1, open)}]: ${print(index.type, depth + 1, open)}`,
      ),
      ...properties.map((property) => {
        const type = checker.getTypeOfSymbol(property);
        return (property.flags & ts.SymbolFlags.Optional) !== 0
          ? `${key(property.getName())}?: ${printOptional(type, depth + 1, open)}`
          : `${key(property.getName())}: ${print(type, depth + 1, open)}`;
      }),
    ];
    return members.length === 0 ? '{}' : `{ ${members.join('; ')} }`;
  }

  /**
   * @param {ts.Signature} call
   * @param {number} depth
   * @param {Set<ts.Type>} open
   * @param {' =>' | ':'} arrow how the return type is introduced: a function type's, or a call signature's
   */
  function signature(call, depth, open, arrow) {
    const typeParameters = call.getTypeParameters() ?? [];
    const generics = typeParameters.length
      ? `<${typeParameters
          .map((parameter) => {
            const constraint = parameter.getConstraint();
            return `${parameter.symbol.getName()}${constraint ? ` extends ${print(constraint, depth + 1, open)}` : ''}`;
          })
          .join(', ')}>`
      : '';
    const parameters = call.getParameters().map((parameter, i) => {
      const declaration = /** @type {ts.ParameterDeclaration | undefined} */ (parameter.valueDeclaration);
      const rest = declaration?.dotDotDotToken ? '...' : '';
      const optional = !rest && declaration && checker.isOptionalParameter(declaration) ? '?' : '';
      const parameterType = checker.getTypeOfSymbol(parameter);
      const name = /^[A-Za-z_$][\w$]*$/.test(parameter.getName()) ? parameter.getName() : `arg${i}`;
      const printed = optional ? printOptional(parameterType, depth + 1, open) : print(parameterType, depth + 1, open);
      return `${rest}${name}${optional}: ${printed}`;
    });
    const returned = print(checker.getReturnTypeOfSignature(call), depth + 1, open);
    return `${generics}(${parameters.join(', ')})${arrow} ${returned}`;
  }

  return {
    /** @param {ts.Type} type */
    print: (type) => print(type, 0, new Set()),
  };
}

/** @param {string} text */
const wrap = (text) => (/=>|[|&]/.test(text) && !/^[[{]/.test(text) ? `(${text})` : text);

/** @param {string} name */
const key = (name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));
