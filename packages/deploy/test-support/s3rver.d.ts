// The part of s3rver (patched: docs/release-store.md, "The S3 server of the tests") that s3Server.js uses.
declare module 's3rver' {
  import type { Server } from 'node:http';
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    port?: number;
    directory?: string;
    silent?: boolean;
    configureBuckets?: { name: string }[];
    /** Added by the patch: false ignores If-None-Match and If-Match on writes, as s3rver 3.7.1 does. */
    conditionalWrites?: boolean;
  }

  export default class S3rver {
    constructor(options?: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    httpServer: Server;
  }
}
