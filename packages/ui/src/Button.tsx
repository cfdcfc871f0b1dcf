import { clsx, type ClassValue } from 'clsx';
import type { ButtonHTMLAttributes } from 'react';

/** The keyboard focus ring of every control in every app, written once. */
export const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600';

/** The looks of a button; its colours live here and nowhere else. */
const variants = {
  primary: 'bg-teal-600 font-semibold text-white hover:bg-teal-700',
  secondary: 'border border-slate-300 bg-white font-medium text-slate-700 hover:bg-slate-50',
  outline: 'border border-teal-600 bg-white font-medium text-teal-700 hover:bg-teal-50',
  /** On a failure's red panel. */
  danger: 'bg-red-700 font-medium text-white hover:bg-red-800',
} as const;

const sizes = {
  sm: 'px-3 py-1.5 text-sm',
  md: 'px-4 py-2 text-sm',
  lg: 'px-4 py-2.5',
} as const;

export interface ButtonLook {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** A pill (rounded-full) instead of the usual rounded corners. */
  pill?: boolean;
}

/** The classes of a button of this look, also for a link drawn as a button; `extra` adds layout (margins, width). */
export function buttonClass(
  { variant = 'primary', size = 'md', pill = false }: ButtonLook = {},
  ...extra: ClassValue[]
) {
  return clsx(
    pill ? 'rounded-full' : 'rounded-lg',
    sizes[size],
    variants[variant],
    focusRing,
    'disabled:opacity-60 aria-disabled:opacity-60',
    extra,
  );
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & ButtonLook;

/** A button of one of the shared looks; `type` defaults to "button", so it never submits a form by accident. */
export function Button({ variant, size, pill, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, size, pill }, className)} {...props} />;
}
