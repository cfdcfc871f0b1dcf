import type { Plugin } from 'vite';
import { localRemoteLocations, remoteApps, type RemoteName } from '@murmur/config/remotes';

/**
 * remotes.json, which the shell reads at run time to find each remote's mf-manifest.json. It defaults to the local
 * ports; MURMUR_REMOTE_AUTH, MURMUR_REMOTE_FEED and MURMUR_REMOTE_PROFILE point a remote elsewhere. The file is
 * emitted beside index.html, so an operator can also replace it in dist/ without rebuilding.
 */
export function remotesJsonPlugin(env: NodeJS.ProcessEnv = process.env): Plugin {
  const locations = Object.fromEntries(
    (Object.keys(remoteApps) as RemoteName[]).map((name) => [
      name,
      env[`MURMUR_REMOTE_${name.replace('murmur_', '').toUpperCase()}`] ?? localRemoteLocations[name],
    ]),
  );
  const source = `${JSON.stringify(locations, null, 2)}\n`;
  return {
    name: 'murmur-remotes-json',
    configureServer(server) {
      server.middlewares.use('/remotes.json', (_request, response) => {
        response.setHeader('Content-Type', 'application/json');
        response.end(source);
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'remotes.json', source });
    },
  };
}
