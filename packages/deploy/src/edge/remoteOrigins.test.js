// @ts-check
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { storeLayout } from '../store/storePaths.js';
import { temporaryStore } from '../../test-support/testBuilds.js';
import { remoteOriginsOf } from './remoteOrigins.js';

describe("the remotes' origins of a page's policy", () => {
  it('follow remotes.json as a switch replaces it and as a hand edits it, and refuse a damaged one each time', () => {
    const store = temporaryStore();
    const file = storeLayout(store).remotesPointer;
    mkdirSync(storeLayout(store).appDir('shell'));
    const origins = remoteOriginsOf(store);
    expect(origins()).toEqual([]);
    const pointer = (/** @type {string} */ origin) => `{"feed-mfe": "${origin}/0123456789ab/mf-manifest.json"}\n`;
    writeFileSync(`${file}.next`, pointer('https://a.example'));
    renameSync(`${file}.next`, file);
    expect(origins()).toEqual(['https://a.example']);
    expect(origins()).toEqual(['https://a.example']);
    writeFileSync(`${file}.next`, pointer('https://b.example'));
    renameSync(`${file}.next`, file);
    expect(origins()).toEqual(['https://b.example']);
    writeFileSync(file, '{"feed-mfe": 42}');
    expect(origins).toThrow('remotes.json');
    expect(origins).toThrow('remotes.json');
    writeFileSync(file, pointer('https://c.example'));
    expect(origins()).toEqual(['https://c.example']);
  });
});
