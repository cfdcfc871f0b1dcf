/** The profile card's shape while the user loads: same banner, picture and text heights as the real card. */
export function ProfileSkeleton() {
  return (
    <section aria-busy="true" className="overflow-hidden rounded-xl bg-white shadow-sm">
      <p className="sr-only">Loading profile…</p>
      <div aria-hidden="true" className="animate-pulse">
        <div className="h-32 w-full bg-slate-200 sm:h-40" />
        <div className="px-4 pb-4 sm:px-6">
          <div className="flex items-end justify-between gap-3">
            <div
              className={[
                '-mt-10 h-20 w-20 rounded-full border-4 border-white',
                'bg-slate-200 sm:-mt-12 sm:h-24 sm:w-24',
              ].join(' ')}
            />
            <div className="mt-3 h-[34px] w-28 rounded-full bg-slate-200" />
          </div>
          <div className="mt-2 h-7 w-48 rounded bg-slate-200" />
          <div className="h-5 w-28 rounded bg-slate-200" />
          <div className="mt-3 h-6 w-full rounded bg-slate-200" />
          <div className="mt-2 h-5 w-40 rounded bg-slate-200" />
          <div className="mt-3 h-5 w-64 max-w-full rounded bg-slate-200" />
        </div>
      </div>
    </section>
  );
}
