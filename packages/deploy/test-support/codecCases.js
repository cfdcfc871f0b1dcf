// @ts-check
import { expect } from 'vitest';

/** Where the codec tests say a file was read: a path no codec could have made up, so the message must carry it. */
export const readFrom = 'stores/sample/some-file.json';

/** Text that is no store file's: not JSON at all, or JSON of the wrong kind at the top. */
export const notAnyStoreFile = ['', '{', 'not json', '"text"', 'null', '[]', '42'];

/**
 * Checks that `parse` refuses each text with an Error whose message names the file it was read from.
 * @param {(text: string, file: string) => unknown} parse
 * @param {string[]} texts
 */
export function expectRefusedNamingFile(parse, texts) {
  for (const text of texts) {
    expect(() => parse(text, readFrom), JSON.stringify(text)).toThrow(readFrom);
  }
}
