// @ts-check
import { join } from 'node:path';

/** The module that boots a remote on its own page (remote-kit's runStandalone), the same path in every remote. */
const standaloneEntry = '/src/main.tsx';

/** The Tailwind classes the page's own markup uses. */
const bodyClasses = 'bg-slate-50';

/**
 * The HTML of a remote running alone, one template for every remote: only the title names the app. The shell's page
 * (shell/index.html) is its own, with the early script and hints only the composed app needs.
 * @param {string} app
 */
function standalonePageHtml(app) {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <title>Murmur · ${app} alone</title>
  </head>
  <body class="${bodyClasses}">
    <div id="root"></div>
    <script type="module" src="${standaloneEntry}"></script>
  </body>
</html>
`;
}

/**
 * A remote's index.html without a file: the dev server answers page requests with it (after Vite's SPA fallback has
 * turned every route into /index.html), and the build takes it as its input under the same name, so dist/index.html
 * is what it was. Both go through every plugin's transformIndexHtml, the federation plugin's included. The app's
 * stylesheet (src/styles.css) is given the page's classes.
 * @param {{ app: string; root: string }} options
 * @returns {import('vite').Plugin}
 */
export function standalonePagePlugin({ app, root }) {
  const html = standalonePageHtml(app);
  const id = join(root, 'index.html');
  const stylesheet = join(root, 'src', 'styles.css');
  return {
    name: 'murmur-standalone-page',
    enforce: 'pre',
    config: (_config, { command }) => ({
      // With no HTML on disk, the dependency scan would not see what the page's entry imports.
      optimizeDeps: { entries: [standaloneEntry.slice(1)] },
      ...(command === 'build' ? { build: { rolldownOptions: { input: id } } } : {}),
    }),
    resolveId: (source) => (source === id ? id : undefined),
    load: (source) => (source === id ? html : undefined),
    // Tailwind scanned an index.html of the app's own for classes; this page's are named to it instead.
    transform: (code, source) =>
      source.split('?')[0] === stylesheet ? `${code}\n@source inline('${bodyClasses}');\n` : undefined,
    configureServer(server) {
      // Returned, so it runs after Vite's own middlewares up to the SPA fallback, and before its index.html handler.
      return () => {
        server.middlewares.use(async (request, response, next) => {
          const page =
            request.url?.split(/[?#]/)[0] === '/index.html' && request.headers['sec-fetch-dest'] !== 'script';
          if (!page || (request.method !== 'GET' && request.method !== 'HEAD')) return next();
          try {
            const transformed = await server.transformIndexHtml(request.url ?? '/', html, request.originalUrl);
            response.setHeader('Content-Type', 'text/html');
            response.setHeader('Cache-Control', 'no-cache');
            response.end(transformed);
          } catch (error) {
            next(error);
          }
        });
      };
    },
  };
}
