// @ts-check
import { describe, expect, it } from 'vitest';
import { scopeLayer } from './scopeStyles.js';

const root = '[data-murmur-app="feed-mfe"]';

describe('scopeLayer', () => {
  it("wraps the utilities layer's rules, nested media queries included, in @scope", () => {
    const css = '@layer utilities{.flex-1{flex:1}@media (width>=40rem){.sm\\:flex-none{flex:none}}}';
    expect(scopeLayer(css, 'utilities', root)).toBe(
      `@layer utilities{@scope (${root}){.flex-1{flex:1}@media (width>=40rem){.sm\\:flex-none{flex:none}}}}`,
    );
  });

  it('leaves the other layers and top-level rules as they are', () => {
    const css =
      '@layer theme{:root{--a:1}}@layer base{*{margin:0}}@layer utilities{.p-4{padding:1rem}}@property --x{syntax:"*"}';
    const scoped = scopeLayer(css, 'utilities', root);
    expect(scoped.startsWith('@layer theme{:root{--a:1}}@layer base{*{margin:0}}')).toBe(true);
    expect(scoped.endsWith('@property --x{syntax:"*"}')).toBe(true);
    expect(scoped).toContain(`@layer utilities{@scope (${root}){.p-4{padding:1rem}}}`);
  });

  it('scopes every block of the layer and ignores a layer order statement', () => {
    const css = '@layer theme,base,utilities;@layer utilities{.a{color:red}}@layer utilities {.b{color:blue}}';
    expect(scopeLayer(css, 'utilities', root)).toBe(
      `@layer theme,base,utilities;@layer utilities{@scope (${root}){.a{color:red}}}` +
        `@layer utilities {@scope (${root}){.b{color:blue}}}`,
    );
  });
});
