// @ts-check
/**
 * Every app ships its own Tailwind stylesheet, and the same utility (`flex-1`) appears in several of them. Without
 * help, whichever sheet loads last wins, so a remote's plain `flex-1` would beat the shell's `sm:flex-none`. Wrapping
 * a remote's utilities in `@scope ([data-murmur-app="<app>"])` makes the cascade decide by scope proximity instead of
 * load order: inside a remote's root its own utilities win, and they never reach outside it.
 * @param {string} app the app folder name, as written on its root element's data-murmur-app attribute
 * @returns {import('vite').Plugin}
 */
export function scopeUtilitiesPlugin(app) {
  return {
    name: 'murmur-scope-utilities',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const asset of Object.values(bundle)) {
        if (asset.type === 'asset' && asset.fileName.endsWith('.css') && typeof asset.source === 'string') {
          asset.source = scopeLayer(asset.source, 'utilities', `[data-murmur-app="${app}"]`);
        }
      }
    },
  };
}

/**
 * Wraps the contents of every `@layer <layer> { … }` block of a stylesheet in `@scope (<root>) { … }`.
 * @param {string} css
 * @param {string} layer
 * @param {string} root
 */
export function scopeLayer(css, layer, root) {
  const opening = new RegExp(`@layer ${layer}\\s*\\{`, 'g');
  let result = '';
  let copied = 0;
  for (let match = opening.exec(css); match; match = opening.exec(css)) {
    const bodyStart = match.index + match[0].length;
    let depth = 1;
    let index = bodyStart;
    while (depth > 0 && index < css.length) {
      const char = css[index];
      if (char === '{') depth += 1;
      else if (char === '}') depth -= 1;
      index += 1;
    }
    const bodyEnd = index - 1;
    result += `${css.slice(copied, bodyStart)}@scope (${root}){${css.slice(bodyStart, bodyEnd)}}`;
    copied = bodyEnd;
    opening.lastIndex = index;
  }
  return result + css.slice(copied);
}
