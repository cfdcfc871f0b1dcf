// @ts-check
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pageHtml } from '../page/pageHtml.js';
import { storeLayout } from '../store/storePaths.js';
import { storeWithRemotes } from '../../test-support/testStore.js';
import { promote } from './promote.js';
import { verifyStore } from './verify.js';

describe("the shell's live page, kept as data beside its HTML", () => {
  it('is what the HTML is written from; a store without it still switches; verify names one that differs', async () => {
    const { store, releases } = await storeWithRemotes(2);
    const layout = storeLayout(store);
    const data = readFileSync(layout.livePageData, 'utf8');
    expect(pageHtml(JSON.parse(data))).toBe(readFileSync(layout.livePage('shell'), 'utf8'));
    const routePages = () => readFileSync(layout.routePage('feed-mfe'), 'utf8');
    const resolved = routePages();

    // A store last switched before the data was kept: a switch reads the HTML back, to the same route pages.
    rmSync(layout.livePageData);
    await promote({ store, app: 'feed-mfe', version: releases['feed-mfe'][1] ?? '', env: {} });
    await promote({ store, app: 'feed-mfe', version: releases['feed-mfe'][0] ?? '', env: {} });
    expect(routePages()).toBe(resolved);
    expect((await verifyStore(store)).problems).toEqual([]);

    writeFileSync(layout.livePageData, JSON.stringify({ html: { tag: 'html', attributes: [], children: [] } }));
    expect((await verifyStore(store)).problems).toContain('shell/page.json is not the data of shell/index.html');
  });
});
