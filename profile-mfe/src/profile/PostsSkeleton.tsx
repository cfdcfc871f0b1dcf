/** Placeholder post cards of roughly the real cards' height, so the page does not jump when the list arrives. */
export function PostsSkeleton() {
  return (
    <div aria-hidden="true" className="space-y-3">
      {[0, 1].map((key) => (
        <div key={key} className="h-40 animate-pulse rounded-xl bg-white p-4 shadow-sm">
          <div className="flex items-center gap-3">
            <div className="h-10 w-10 rounded-full bg-slate-200" />
            <div className="h-4 w-32 rounded bg-slate-200" />
          </div>
          <div className="mt-4 h-4 w-full rounded bg-slate-200" />
          <div className="mt-2 h-4 w-2/3 rounded bg-slate-200" />
        </div>
      ))}
    </div>
  );
}
