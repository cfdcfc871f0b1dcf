// @ts-check
import parseRange from 'range-parser';

/**
 * What to send for a GET with a Range header, of a file of `size` bytes:
 * - null: the whole file, as for no Range. HTTP lets a server ignore any Range (RFC 9110 §14.2), and this one does
 *   for several ranges (a multipart answer, which sirv cannot write and which costs more than the whole of a file
 *   this small), for a header it cannot parse or in another unit, under If-Range (the validators sirv makes are weak
 *   ETags and dates, which the strong comparison If-Range asks for never matches), and for HEAD;
 * - { start, end }: those bytes, first and last included, as 206;
 * - 'unsatisfiable': a range that is well formed but starts past the end, or asks for no byte: 416.
 * @param {import('node:http').IncomingMessage} request
 * @param {number} size
 * @returns {{ start: number; end: number } | 'unsatisfiable' | null}
 */
export function rangeOf(request, size) {
  const header = request.headers.range;
  if (request.method !== 'GET' || header === undefined || request.headers['if-range'] !== undefined) return null;
  if (!/^bytes=/i.test(header) || header.includes(',')) return null;
  // range-parser 1.x refuses a suffix longer than the file, which RFC 9110 §14.1.3 has stand for the whole file
  // (range-parser 2 does so, but needs Node 22): such a suffix is read as the file's length. range-parser also reads
  // a last position before the first ("bytes=50-10", invalid, which §14.2 lets a server reject) as asking for no
  // byte: 416, as nginx answers.
  const suffix = /^bytes=\s*-\s*(\d+)\s*$/i.exec(header);
  const ranges = parseRange(size, suffix && Number(suffix[1]) > size ? `bytes=-${size}` : header);
  if (ranges === -2) return null;
  if (ranges === -1) return 'unsatisfiable';
  const [range] = ranges;
  // sirv reads a last position of 0 as "to the end" (parseInt(y) || size - 1), so "bytes=0-0" would come back as
  // the whole file labelled 206; sent as a plain 200 instead.
  if (!range || range.end === 0) return null;
  return range;
}
