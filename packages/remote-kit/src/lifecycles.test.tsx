import { fireEvent, screen } from '@testing-library/react';
import { atom, createStore, getDefaultStore, useAtom } from 'jotai';
import { mountRootParcel } from 'single-spa';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLifecycles, type RemoteAppProps } from './lifecycles';
import type { LoadRemoteModule } from './remoteLoader';

const greetingAtom = atom('nobody wrote yet');

/** A remote's screen: shows the atom and writes it, as a like or a follow would. */
function Greeting() {
  const [greeting, setGreeting] = useAtom(greetingAtom);
  return (
    <>
      <p>greeting: {greeting}</p>
      <button type="button" onClick={() => setGreeting('written by the remote')}>
        Write
      </button>
    </>
  );
}

const noRemoteModules: LoadRemoteModule = () => Promise.reject(new Error('no remote modules in this test'));

// single-spa-react renders the root and resolves the mount from React's own scheduling, as on a page: inside act()
// the render would wait for the mount and the mount for the render.
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
beforeAll(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
});
afterAll(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
});

let unmount: (() => Promise<unknown>) | null = null;
afterEach(async () => {
  await unmount?.();
  unmount = null;
  document.body.innerHTML = '';
});

/** Mounts `Greeting` as the shell mounts a remote: a single-spa parcel given the props a RemoteAppProps names. */
async function mountAsParcel(props: RemoteAppProps) {
  const domElement = document.body.appendChild(document.createElement('div'));
  const parcel = mountRootParcel(createLifecycles(Greeting, 'test-mfe'), { ...props, domElement });
  unmount = () => parcel.unmount();
  await parcel.mountPromise;
}

describe("a remote's root mounted as a parcel", () => {
  it('reads and writes the store handed in its props, not a store of its own nor Jotai’s default store', async () => {
    const store = createStore();
    store.set(greetingAtom, 'written by the shell');
    await mountAsParcel({ store, loadRemoteModule: noRemoteModules });

    expect(await screen.findByText('greeting: written by the shell')).toBeInTheDocument();
    store.set(greetingAtom, 'changed by the shell after mount');
    expect(await screen.findByText('greeting: changed by the shell after mount')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Write' }));
    expect(await screen.findByText('greeting: written by the remote')).toBeInTheDocument();
    expect(store.get(greetingAtom)).toBe('written by the remote');
    expect(getDefaultStore().get(greetingAtom)).toBe('nobody wrote yet');
  });

  it('two parcels handed the same store share it: a write in one shows in the other', async () => {
    const store = createStore();
    await mountAsParcel({ store, loadRemoteModule: noRemoteModules });
    const first = unmount;
    await mountAsParcel({ store, loadRemoteModule: noRemoteModules });
    const second = unmount;
    unmount = async () => Promise.all([first?.(), second?.()]);

    const [writeInFirst] = screen.getAllByRole('button', { name: 'Write' });
    if (!writeInFirst) throw new Error('the first parcel drew no button');
    fireEvent.click(writeInFirst);
    expect(await screen.findAllByText('greeting: written by the remote')).toHaveLength(2);
  });
});
