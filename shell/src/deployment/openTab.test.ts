import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const pointer = { 'feed-mfe': 'https://cdn.example/feed-mfe/e271352ed4e3/mf-manifest.json' };

/** remotes.json as an edge answers it: with its ETag, and a 304 to a revalidation that names it. */
function serve() {
  const asked: (string | null)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      const condition = new Headers(init?.headers).get('If-None-Match');
      asked.push(condition);
      if (condition === '"one"') return new Response(null, { status: 304, headers: { ETag: '"one"' } });
      return Response.json(pointer, { headers: { ETag: '"one"' } });
    }),
  );
  return asked;
}

let visibility: DocumentVisibilityState = 'visible';

describe('when an open tab asks for remotes.json', () => {
  beforeEach(async () => {
    // Its code transformed once, before any test times an ask.
    await import('./pointerWatch');
    vi.resetModules();
    visibility = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('asks on a route change, then again only with the ETag of the answer it acted on', async () => {
    const asked = serve();
    const { askForDeployments } = await import('./openTab');
    askForDeployments();
    // The ask, then the tab's own first read of the locations it compares the answer with.
    await vi.waitFor(() => expect(asked).toEqual([null, null]), { timeout: 5_000 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    askForDeployments();
    await vi.waitFor(() => expect(asked).toEqual([null, null, '"one"']), { timeout: 5_000 });
  });

  it('asks nothing while hidden, and asks as it becomes visible again', async () => {
    const asked = serve();
    const { askForDeployments, watchDeployments } = await import('./openTab');
    const stop = watchDeployments();
    visibility = 'hidden';
    askForDeployments();
    document.dispatchEvent(new Event('visibilitychange'));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(asked).toEqual([]);
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(asked[0]).toBeNull(), { timeout: 5_000 });
    stop();
  });
});
