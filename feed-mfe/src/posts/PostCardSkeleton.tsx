/** The size of a seed post card with its two comments, so the page does not jump when posts arrive. */
export function PostCardSkeleton() {
  return (
    <div aria-hidden="true" className="animate-pulse rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start gap-3">
        <div className="h-10 w-10 rounded-full bg-slate-200" />
        <div className="flex-1 space-y-2 pt-1">
          <div className="h-4 w-1/3 rounded bg-slate-200" />
          <div className="h-4 w-5/6 rounded bg-slate-100" />
        </div>
      </div>
      <div className="mt-3 h-10 border-t border-slate-100 pt-2">
        <div className="h-6 w-1/2 rounded bg-slate-100" />
      </div>
      <div className="mt-3 space-y-2">
        <div className="h-12 rounded-lg bg-slate-50" />
        <div className="h-12 rounded-lg bg-slate-50" />
      </div>
      <div className="mt-3 h-9 rounded-full bg-slate-50" />
    </div>
  );
}
