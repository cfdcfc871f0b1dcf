/** Decorative outline icons (24px grid); every button that shows one carries its own accessible name. */
import type { ReactNode } from 'react';

function Icon({
  children,
  filled = false,
  className = 'h-5 w-5',
}: {
  children: ReactNode;
  filled?: boolean;
  className?: string;
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className={className}
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

const heartPath =
  'M12 20.5s-7.5-4.6-9.3-9.2C1.4 7.9 3.6 4.5 7 4.5c2 0 3.4 1.1 5 3 1.6-1.9 3-3 5-3 ' +
  '3.4 0 5.6 3.4 4.3 6.8-1.8 4.6-9.3 9.2-9.3 9.2z';

export const HeartIcon = ({ filled }: { filled: boolean }) => (
  <Icon filled={filled}>
    <path d={heartPath} />
  </Icon>
);

export const BookmarkIcon = ({ filled }: { filled: boolean }) => (
  <Icon filled={filled}>
    <path d="M6.5 3.5h11a1 1 0 0 1 1 1v16l-6.5-4.2-6.5 4.2v-16a1 1 0 0 1 1-1z" />
  </Icon>
);

export const CommentIcon = () => (
  <Icon>
    <path d="M4 5.5h16v10H9l-5 4z" />
  </Icon>
);

export const ShareIcon = () => (
  <Icon>
    <path d="M12 15V3.5M7.5 8 12 3.5 16.5 8M5 12.5v7h14v-7" />
  </Icon>
);

export const MoreIcon = () => (
  <Icon filled>
    <circle cx="5" cy="12" r="1.6" />
    <circle cx="12" cy="12" r="1.6" />
    <circle cx="19" cy="12" r="1.6" />
  </Icon>
);
