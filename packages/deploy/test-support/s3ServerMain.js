// @ts-check
// s3rver as a process of its own, for browser tests to start as a Playwright webServer:
//   node packages/deploy/test-support/s3ServerMain.js --port 4090 [--dir <folder>]
// Prints one line, {"endpoint":…,"bucket":…}, once it listens; stops on SIGTERM or SIGINT.
import { parseArgs } from 'node:util';
import { startS3Server } from './s3Server.js';

const { values } = parseArgs({ options: { port: { type: 'string', default: '0' }, dir: { type: 'string' } } });
const server = await startS3Server({ port: Number(values.port), directory: values.dir });
console.log(JSON.stringify({ endpoint: server.endpoint, bucket: server.bucket }));

for (const signal of /** @type {const} */ (['SIGTERM', 'SIGINT'])) {
  process.once(signal, () => void server.stop().then(() => process.exit(0)));
}
