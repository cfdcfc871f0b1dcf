// @ts-check

/**
 * A value as an nginx configuration string: in double quotes, with `"` and `\` escaped. nginx has no escape for `$`
 * (it always starts a variable) nor for what ends a directive, so a value holding those is refused, not guessed at;
 * `variables` lists the `$name`s the caller means to be expanded.
 * @param {string} value
 * @param {{ variables?: string[] }} [options]
 */
export function quoted(value, { variables = [] } = {}) {
  const withoutVariables = variables.reduce((text, variable) => text.replaceAll(variable, ''), value);
  if (/[$\p{Cc}]/u.test(withoutVariables)) {
    throw new Error(`${JSON.stringify(value)} cannot be written in an nginx configuration`);
  }
  return `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

/**
 * Indents every line of `lines` by two spaces per level.
 * @param {string[]} lines
 * @param {number} [levels]
 */
export function indented(lines, levels = 1) {
  const pad = '  '.repeat(levels);
  return lines.map((line) => (line === '' ? line : pad + line));
}
