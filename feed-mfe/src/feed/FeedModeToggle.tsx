import { useAtom } from 'jotai';
import { feedModeAtom, type FeedMode } from '@murmur/data';
import { focusRing } from '@murmur/ui';

const MODES: { mode: FeedMode; label: string }[] = [
  { mode: 'latest', label: 'Latest' },
  { mode: 'trending', label: 'Trending' },
];

/**
 * Latest / Trending (mock-api/rules.md, "Feed order", "Trending order"); the selected one is pressed and light teal.
 */
export function FeedModeToggle() {
  const [current, setMode] = useAtom(feedModeAtom);
  return (
    <div
      role="group"
      aria-label="Feed mode"
      className="inline-flex rounded-full border border-slate-200 bg-white p-1 shadow-sm"
    >
      {MODES.map(({ mode, label }) => {
        const selected = mode === current;
        return (
          <button
            key={mode}
            type="button"
            aria-pressed={selected}
            onClick={() => setMode(mode)}
            className={`rounded-full px-4 py-1.5 text-sm font-medium ${focusRing} ${
              selected ? 'bg-teal-100 text-teal-800' : 'text-slate-600 hover:bg-slate-100'
            }`}
          >
            {label}
          </button>
        );
      })}
    </div>
  );
}
