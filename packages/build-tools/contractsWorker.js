// @ts-check
// Prints an app's published declarations off the build's thread (contracts.js, publishedTypesPlugin).
import { parentPort, workerData } from 'node:worker_threads';
import { contractsOf } from './contracts.js';

parentPort?.postMessage(contractsOf(workerData));
