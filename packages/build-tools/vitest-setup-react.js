// Setup of the apps' component tests: jest-dom matchers, and a clean document after each test.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom 27 has HTMLDialogElement without showModal() and close() (https://github.com/jsdom/jsdom/issues/3294), which
// the shared Dialog calls. They stand in here for the state the HTML spec gives them, the open attribute and the close
// event, nothing more: what the browser adds to a modal (the top layer, an inert page, its own Escape handling) is not
// imitated, and the browser tests check it.
// (Read from globalThis: this file is linted as Node code; a test file may also choose the node environment.)
const dialogPrototype = globalThis.HTMLDialogElement?.prototype;
if (dialogPrototype && !dialogPrototype.showModal) {
  dialogPrototype.showModal = function showModal() {
    if (!this.isConnected) throw new DOMException('The dialog is not in a document.', 'InvalidStateError');
    this.open = true;
  };
  dialogPrototype.close = function close() {
    if (!this.open) return;
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
}

// findBy… and waitFor wait up to 5 s, not Testing Library's 1 s: an answer of the mock that a person would wait for
// can take longer than a second when every core is busy (all the packages' suites run side by side in `npm test`).
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
