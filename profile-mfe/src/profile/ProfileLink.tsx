import { toHttpUrl } from '@murmur/data';
import { focusRing } from '@murmur/ui';

/** The profile's link: clickable only when it is an http(s) URL, otherwise shown as inert text. */
export function ProfileLink({ link }: { link: string }) {
  const text = link.trim();
  if (text === '') return null;
  const href = toHttpUrl(text);
  if (!href) return <span className="break-all text-slate-600">{text}</span>;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={`font-medium break-all text-teal-700 underline-offset-2 hover:underline ${focusRing}`}
    >
      {text}
    </a>
  );
}
