// @ts-check
// Preloaded into a store command's process (NODE_OPTIONS=--import=<this file>): its clock runs
// MURMUR_TEST_CLOCK_SKEW_MS milliseconds ahead of this machine's, as another machine's might, for both Date.now() and
// new Date().
const skew = Number(process.env.MURMUR_TEST_CLOCK_SKEW_MS ?? 0);
const RealDate = Date;

globalThis.Date = new Proxy(RealDate, {
  construct: (target, args, newTarget) =>
    Reflect.construct(target, args.length === 0 ? [RealDate.now() + skew] : args, newTarget),
  get: (target, property, receiver) =>
    property === 'now' ? () => RealDate.now() + skew : Reflect.get(target, property, receiver),
});
