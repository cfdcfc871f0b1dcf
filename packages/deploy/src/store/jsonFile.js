// @ts-check

/**
 * The content of a JSON file of the store, checked against `schema`.
 * @template T
 * @param {string} text
 * @param {string} file where it was read, for the message
 * @param {import('zod').ZodType<T>} schema
 * @returns {T}
 * @throws {Error} naming the file, and the first place where it does not fit
 */
export function parseJsonFile(text, file, schema) {
  /** @type {unknown} */
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`${file} is not JSON`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${file} is invalid at ${issue?.path.join('.') || 'the top'}: ${issue?.message}`);
  }
  return parsed.data;
}
