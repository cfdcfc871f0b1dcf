// @ts-check
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';

/** Debian's packages: nginx, the module that serves precompressed .br files, and njs, which takes the reports. */
const debianPackages = ['nginx', 'libnginx-mod-http-brotli-static', 'libnginx-mod-http-js'];
/** Where Debian's brotli static module is. */
const brotliModule = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
/** Where Debian's njs module is: the configuration's report collection needs it (reportCollection.js). */
export const njsModule = '/usr/lib/nginx/modules/ngx_http_js_module.so';

/**
 * The nginx binary to test with, and its brotli static module where there is one: the one on the PATH with Debian's
 * njs module, else Debian's packages installed (as root, where apt-get is, as e2e/ensureChromium.mjs installs
 * Chromium), else a reason to say why there is none.
 * @returns {{ found: true; path: string; brotliModule: string | null } | { found: false; reason: string }}
 */
export function findNginx() {
  let path = onPath();
  if ((!path || !existsSync(njsModule)) && installWithApt()) path = onPath();
  if (!path || !existsSync(njsModule)) {
    return {
      found: false,
      reason:
        process.getuid?.() === 0
          ? 'nginx is not installed and apt-get could not install it'
          : `nginx is not installed (sudo apt-get install ${debianPackages.join(' ')})`,
    };
  }
  return { found: true, path, brotliModule: existsSync(brotliModule) ? brotliModule : null };
}

function onPath() {
  for (const folder of [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/sbin']) {
    const candidate = `${folder}/nginx`;
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not there
    }
  }
  return null;
}

function installWithApt() {
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) return false;
  /** @param {string[]} args */
  const run = (args) => {
    console.log(`nginx: apt-get ${args.join(' ')}`);
    return spawnSync('apt-get', args, { stdio: 'inherit' }).status === 0;
  };
  return run(['update', '-qq']) && run(['install', '-y', '-qq', ...debianPackages]);
}
