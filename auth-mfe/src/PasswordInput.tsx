import { focusRing } from '@murmur/ui';

interface PasswordInputProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  visible: boolean;
  onVisibleChange: (visible: boolean) => void;
}

/**
 * The password box with a Show toggle. The toggle's name leaves out the word "password" so that "Password"
 * names exactly one control on the form.
 */
export function PasswordInput({ id, value, onChange, visible, onVisibleChange }: PasswordInputProps) {
  return (
    <div className="relative">
      <input
        id={id}
        name="password"
        type={visible ? 'text' : 'password'}
        required
        autoComplete="current-password"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={[
          'block w-full rounded-lg border border-slate-300 bg-white py-2.5 pr-16 pl-3 text-slate-900',
          'shadow-xs outline-none focus:border-teal-600 focus:ring-2 focus:ring-teal-600/30',
        ].join(' ')}
      />
      <button
        type="button"
        aria-controls={id}
        aria-pressed={visible}
        onClick={() => onVisibleChange(!visible)}
        className={[
          'absolute inset-y-1 right-1 rounded-md px-3 text-sm',
          `font-medium text-teal-700 hover:bg-teal-50 ${focusRing}`,
        ].join(' ')}
      >
        Show
      </button>
    </div>
  );
}
