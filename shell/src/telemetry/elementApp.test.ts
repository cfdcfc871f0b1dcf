import { afterEach, describe, expect, it } from 'vitest';
import { appOfElement } from './elementApp';

afterEach(() => document.body.replaceChildren());

describe('which app an element belongs to', () => {
  it("is the nearest app root's, as AppScope marks it, else the shell's", () => {
    document.body.innerHTML = `
      <header><button id="menu">Menu</button></header>
      <div><div data-murmur-app="profile-mfe"><h1 id="name">Mira</h1>
        <div data-murmur-app="feed-mfe"><article id="post">A post</article></div></div></div>
      <div data-murmur-app="not-an-app"><p id="odd">?</p></div>`;
    expect(appOfElement(document.getElementById('name'))).toBe('profile-mfe');
    expect(appOfElement(document.getElementById('post'))).toBe('feed-mfe');
    expect(appOfElement(document.getElementById('post')?.firstChild)).toBe('feed-mfe');
    expect(appOfElement(document.getElementById('menu'))).toBe('shell');
    expect(appOfElement(document.getElementById('odd'))).toBe('shell');
    expect(appOfElement(null)).toBe('shell');
  });
});
