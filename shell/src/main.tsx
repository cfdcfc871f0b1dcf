// First: the modules the shell provides, on the page before any remote's code can run.
import './federation/provideShares';
import { StrictMode } from 'react';
import { Provider } from 'jotai';
import { BrowserRouter } from '@murmur/router';
import { App } from './App';
import { boot } from './boot';
import './styles.css';

// The page's boot, each step with why it is there and in that order (boot.ts), then the shell's tree on its store.
const { root, store } = boot();

root.render(
  <StrictMode>
    <Provider store={store}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </Provider>
  </StrictMode>,
);
