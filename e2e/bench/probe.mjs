// @ts-check
/**
 * Timers the benchmark installs in every page before its first script, all read as `performance.now()` (ms since
 * navigation start). The mock back end answers inside the page (Mirage replaces XMLHttpRequest), out of the
 * network's sight, so "posts asked" is read where the page opens the request.
 */
export function installProbe() {
  /** @type {Record<string, number>} */
  const marks = {};
  Object.assign(window, { __bench: marks });
  /** @param {string} name */
  const mark = (name) => {
    marks[name] ??= performance.now();
  };

  /** @param {typeof XMLHttpRequest | undefined} Xhr */
  const watchOpen = (Xhr) => {
    const proto = Xhr?.prototype;
    if (!proto || Object.prototype.hasOwnProperty.call(proto, '__benchOpen')) return;
    const open = proto.open;
    Object.defineProperty(proto, '__benchOpen', { value: true });
    /** @type {any} */ (proto).open = function (
      /** @type {string} */ method,
      /** @type {string | URL} */ url,
      /** @type {any[]} */ ...rest
    ) {
      if (String(method).toUpperCase() === 'GET' && /\/api\/posts(\?|$)/.test(String(url))) {
        mark('postsAsked');
        // How many times a list of posts was asked (the route's preload and its screen must meet in one request).
        marks.postsAskedTimes = (marks.postsAskedTimes ?? 0) + 1;
      }
      // A like settled with the back end: its answer reached the page (read by the scale benchmark).
      if (String(method).toUpperCase() === 'POST' && /\/api\/posts\/like\//.test(String(url)))
        /** @type {XMLHttpRequest} */ (this).addEventListener(
          'loadend',
          () => (marks.likeAnswered = performance.now()),
        );
      return /** @type {any} */ (open).call(this, method, url, ...rest);
    };
  };
  // Mirage installs its own XMLHttpRequest later; watch whatever is installed.
  let Current = window.XMLHttpRequest;
  watchOpen(Current);
  Object.defineProperty(window, 'XMLHttpRequest', {
    configurable: true,
    get: () => Current,
    set: (value) => {
      watchOpen(value);
      Current = value;
    },
  });

  new MutationObserver(() => {
    if (document.querySelector('article')) mark('firstPost');
    if (document.querySelector('section[aria-label="Profile"] h1')) mark('profileCard');
  }).observe(document, { subtree: true, childList: true });

  document.addEventListener(
    'click',
    (event) => {
      const button = event.target instanceof Element ? event.target.closest('button, a, [role="menuitem"]') : null;
      const label = button?.textContent?.trim();
      if (label) marks[`clicked:${label}`] = performance.now();
    },
    true,
  );

  new PerformanceObserver((list) => {
    const last = list.getEntries().at(-1);
    if (last) marks.lcp = last.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

/**
 * The probe's marks so far.
 * @param {import('@playwright/test').Page} page
 * @returns {Promise<Record<string, number>>}
 */
export const readMarks = (page) => page.evaluate(() => ({ .../** @type {any} */ (window).__bench }));
