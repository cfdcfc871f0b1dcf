// @ts-check

/** @typedef {import('node:http').IncomingMessage} Request */
/** @typedef {import('node:http').ServerResponse} Response */

/**
 * Wraps a request handler so that nothing it throws escapes into the server, and so the process: neither at once
 * nor from the file stream it starts (sirv pipes a read stream into the response and listens for no error on it, so
 * a file gone before it opens would throw from an 'error' event). A failure is logged as one line and answered 500,
 * or, when the answer has begun, ends that response alone.
 * @param {{ label: string; headers: Record<string, string> }} options label names the server in the log; headers
 *   go on every answer, a failure's too
 * @param {(request: Request, response: Response) => void} handle
 * @returns {(request: Request, response: Response) => void}
 */
export function withErrorBoundary({ label, headers }, handle) {
  return (request, response) => {
    // The handler may rewrite request.url (for sirv): the log names what the client asked for.
    const asked = `${request.method} ${JSON.stringify(request.url)}`;
    /** @param {unknown} error */
    const fail = (error) =>
      answerFailure(response, headers, `store server (${label}): ${asked} failed: ${describe(error)}`);
    response.once('pipe', (source) => {
      source.once('error', fail);
      // A client that leaves mid-file: close the file now rather than when the stream is collected.
      response.once('close', () => source.destroy());
    });
    try {
      for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
      handle(request, response);
    } catch (error) {
      fail(error);
    }
  };
}

/**
 * @param {Response} response
 * @param {Record<string, string>} headers
 * @param {string} line
 */
function answerFailure(response, headers, line) {
  console.error(line);
  if (response.headersSent) {
    response.destroy();
    return;
  }
  try {
    // Headers set for the answer that failed (a Content-Type, a policy) do not describe this one.
    for (const name of response.getHeaderNames()) response.removeHeader(name);
    response
      .writeHead(500, { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' })
      .end('Internal server error\n');
  } catch {
    response.destroy();
  }
}

/**
 * An error as one line (a system error's message starts with its code), line breaks and runs of spaces made one.
 * @param {unknown} error
 */
function describe(error) {
  return (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).replace(/\s+/g, ' ');
}
