/** A user's picture, or their initial while the page does not know them yet (same size, so nothing jumps). */
export function Avatar({
  src,
  username,
  size = 'h-10 w-10',
}: {
  src: string | undefined;
  username: string;
  size?: string;
}) {
  if (src)
    return <img src={src} alt="" className={`${size} shrink-0 rounded-full border border-slate-200 object-cover`} />;
  return (
    <span
      aria-hidden="true"
      className={[
        `${size} flex shrink-0 items-center justify-center rounded-full`,
        'bg-teal-100 font-semibold text-teal-800 uppercase',
      ].join(' ')}
    >
      {username.slice(0, 1)}
    </span>
  );
}
