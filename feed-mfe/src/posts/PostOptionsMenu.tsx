import { focusRing, MenuButton, type MenuItem } from '@murmur/ui';
import { MoreIcon } from '../ui/Icons';

interface PostOptionsMenuProps {
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

const itemClass = 'block w-full px-4 py-2 text-left text-sm hover:bg-slate-100 focus:bg-slate-100 focus:outline-none';

/** "Post options": Edit (own profile route only) and Delete. */
export function PostOptionsMenu({ canEdit, onEdit, onDelete }: PostOptionsMenuProps) {
  const items: MenuItem[] = [
    ...(canEdit ? [{ label: 'Edit', onSelect: onEdit, className: `${itemClass} text-slate-800` }] : []),
    { label: 'Delete', onSelect: onDelete, className: `${itemClass} text-red-700` },
  ];
  return (
    <MenuButton
      label="Post options"
      items={items}
      buttonClassName={`rounded-full p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 ${focusRing}`}
      menuClassName={[
        'absolute right-0 z-10 mt-1 w-36 overflow-hidden rounded-lg',
        'border border-slate-200 bg-white py-1 shadow-lg',
      ].join(' ')}
    >
      <MoreIcon />
    </MenuButton>
  );
}
