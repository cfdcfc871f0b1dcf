import type { createStore } from 'jotai';
import { recordSharedInstance } from '@murmur/data';

/** The page's one Jotai store: made by whoever boots the page and handed to every React root explicitly. */
export type Store = ReturnType<typeof createStore>;

/**
 * Each React root reports the store its atoms live in, so that browser tests can prove the page holds one store
 * and that it is the one the shell made (a root without it would fall back to Jotai's default store, another object).
 */
export const recordStore = (store: Store): void => recordSharedInstance('jotai store', store);
