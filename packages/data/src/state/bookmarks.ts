/**
 * The session user's bookmarked post ids, alone: what a post card's Bookmark button and the Bookmark page need. It
 * changes only when a bookmark does, so its readers stay still while the cache changes (unlike `postsStateAtom`).
 */
import { atom } from 'jotai';
import { postsBaseAtom } from './base';

export const bookmarkIdsAtom = atom<readonly string[]>((get) => get(postsBaseAtom).bookmarks);
