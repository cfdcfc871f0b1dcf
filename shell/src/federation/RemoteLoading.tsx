/** Holds the remote's place while its code loads, at the height it will take, so the layout does not jump. */
export function RemoteLoading({ appName }: { appName: string }) {
  return (
    <div role="status" aria-live="polite" className="mx-auto min-h-[60vh] max-w-2xl animate-pulse p-4">
      <span className="sr-only">Loading {appName}…</span>
      <div className="h-24 rounded-xl bg-slate-200" />
      <div className="mt-4 h-40 rounded-xl bg-slate-200" />
      <div className="mt-4 h-40 rounded-xl bg-slate-200" />
    </div>
  );
}
