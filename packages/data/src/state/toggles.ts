/**
 * Optimistic on/off writes (like, bookmark, follow) where the last press wins. A press shows its state at once; one
 * request per target is in flight at a time, and when it settles the next request asks for the state of the latest
 * press, if that differs from what the back end now holds. So rapid presses end where the person left them, with no
 * double like and no lost toggle. A refusal puts back the state the back end last agreed to, for that target only.
 * A burst belongs to the session it was pressed in (see `pressToggle`).
 */
import { atom, type Getter } from 'jotai';
import type { ActionResult } from '../state-types';
import { sessionEpochAtom } from './base';

interface Toggle {
  /** What the back end holds, as far as this page knows. */
  confirmed: boolean;
  /** What the latest press asked for. */
  desired: boolean;
  settled: Promise<ActionResult>;
}

/** The toggles in flight of this store, by session and target (`3:like:<postId>`, ...). */
const togglesAtom = atom(() => new Map<string, Toggle>());

export interface ToggleWork {
  /** The state on screen before this press. */
  current: boolean;
  /** Puts a state on screen (the press, or the rollback after a refusal). */
  show: (value: boolean) => void;
  /** Asks the back end for `value`; answers whether a later press has made the answer out of date. */
  send: (value: boolean, superseded: () => boolean) => Promise<void>;
  /** Turns a refusal into the message to show (and does what the refusal requires, e.g. ending the session). */
  fail: (error: unknown) => string;
  /** After the back end agrees with the last press. */
  settle: () => void;
}

/**
 * One press of a toggle; every press of the same burst answers the burst's outcome. A burst is of one session: a press
 * after a logout or another login starts a burst of its own rather than waiting on (and failing with) the old one's
 * requests, and an answer that lands once its session has ended puts nothing back. By then the screen shows another
 * session (or none), which the rollback of the old one would only corrupt: a bookmark back after logout, a follow in
 * the next user's list, a like the next user made wiped from the post.
 */
export function pressToggle(get: Getter, target: string, work: ToggleWork): Promise<ActionResult> {
  const toggles = get(togglesAtom);
  const session = get(sessionEpochAtom);
  const key = `${session}:${target}`;
  const desired = !work.current;
  work.show(desired);
  const running = toggles.get(key);
  if (running) {
    running.desired = desired;
    return running.settled;
  }
  const toggle: Toggle = { confirmed: work.current, desired, settled: Promise.resolve({ ok: true }) };
  toggle.settled = (async (): Promise<ActionResult> => {
    try {
      while (toggle.desired !== toggle.confirmed) {
        const value = toggle.desired;
        await work.send(value, () => toggle.desired !== value);
        toggle.confirmed = value;
      }
      work.settle();
      return { ok: true };
    } catch (error) {
      if (get(sessionEpochAtom) === session) work.show(toggle.confirmed);
      return { ok: false, error: work.fail(error) };
    } finally {
      toggles.delete(key);
    }
  })();
  toggles.set(key, toggle);
  return toggle.settled;
}
