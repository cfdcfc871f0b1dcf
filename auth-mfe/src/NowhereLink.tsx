import type { MouseEvent, ReactNode } from 'react';
import { focusRing } from '@murmur/ui';

/**
 * "Lost Password?" and "Create account" are links that go nowhere (docs/screens.md, "Login"). Default prevented, so
 * that the hash does not change the URL every router on the page listens to.
 */
export function NowhereLink({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <a
      href="#"
      onClick={(event: MouseEvent) => event.preventDefault()}
      className={`rounded font-medium text-teal-700 underline-offset-2 hover:underline ${focusRing} ${className ?? ''}`}
    >
      {children}
    </a>
  );
}
