/**
 * Mirage intercepts every XHR and fetch on the page, and unmatched requests would fail loudly. Only same-origin
 * /api traffic belongs to the mock back end; module-federation manifests and remote scripts (other localhost
 * ports), styles and images must reach the network untouched.
 */

const currentHref = (): string => globalThis.location?.href ?? 'http://localhost/';

export function isMockApiUrl(url: string, base: string = currentHref()): boolean {
  let target: URL;
  let page: URL;
  try {
    page = new URL(base);
    target = new URL(url, page);
  } catch {
    return false;
  }
  return target.origin === page.origin && (target.pathname === '/api' || target.pathname.startsWith('/api/'));
}

/** Mirage's passthrough check: true lets the request go to the real network. */
export const shouldPassThrough = (request: { url: string }): boolean => !isMockApiUrl(request.url);

/** The path a request was made to, for the unknown-route message. */
export function requestPath(url: string, base: string = currentHref()): string {
  try {
    return new URL(url, base).pathname;
  } catch {
    return url.split('?')[0] ?? url;
  }
}

interface PassthroughXhr {
  passthrough(...args: unknown[]): XMLHttpRequest;
  dispatchEvent(event: Event): boolean;
  onloadend: ((event: Event) => void) | null;
}

const PATCHED = Symbol.for('murmur.passthroughLoadEnd');

/**
 * Pretender's passthrough forwards load, error and readystatechange from the real request, but not loadend, and
 * axios's XHR adapter waits for loadend whenever the request object has an onloadend property (the fake one does):
 * without this, every axios request that passes through would hang forever. Call it after the server has installed
 * its fake XMLHttpRequest.
 */
export function forwardLoadEndOnPassthrough(): void {
  const FakeXhr = globalThis.XMLHttpRequest as unknown as
    { prototype: PassthroughXhr & { [PATCHED]?: true } } | undefined;
  const proto = FakeXhr?.prototype;
  if (!proto || typeof proto.passthrough !== 'function' || proto[PATCHED]) return;
  const original = proto.passthrough;
  proto.passthrough = function passthrough(this: PassthroughXhr, ...args: unknown[]): XMLHttpRequest {
    const native = original.apply(this, args);
    native.addEventListener('loadend', (event) => {
      this.dispatchEvent(event);
      this.onloadend?.(event);
    });
    return native;
  };
  proto[PATCHED] = true;
}

interface RoutingPretender {
  checkPassthrough(request: { url: string }): boolean;
  _handlerFor(verb: string, url: string, request: unknown): unknown;
}

/**
 * Guards Pretender's router, which runs on the page's main thread inside `send()`: it decodes each path segment with
 * decodeURIComponent (a malformed escape such as `/api/posts/%E0%A4%A` threw a URIError into the page) and takes time
 * that grows faster than the path (a 30,000-character address held the page for a second). A path that is malformed,
 * longer than `maxPathLength` or unmatched (`/api//`) matches no route and gets the unknown-route answer of
 * `fallbackUrl`, whose handler names the real path. Requests outside /api pass through without routing.
 */
export function guardRouting(pretender: RoutingPretender, fallbackUrl: string, maxPathLength: number): void {
  const { checkPassthrough, _handlerFor: handlerFor } = pretender;
  pretender.checkPassthrough = function (request) {
    if (!shouldPassThrough(request)) return false;
    try {
      return checkPassthrough.call(this, request);
    } catch (error) {
      if (error instanceof URIError) return true;
      throw error;
    }
  };
  pretender._handlerFor = function (verb, url, request) {
    const fallback = () => handlerFor.call(this, verb, fallbackUrl, request);
    if (requestPath(url).length > maxPathLength) return fallback();
    try {
      // The catch-all routes miss an empty segment (`/api//`), which Mirage would answer by throwing.
      return handlerFor.call(this, verb, url, request) ?? fallback();
    } catch (error) {
      if (error instanceof URIError) return fallback();
      throw error;
    }
  };
}
