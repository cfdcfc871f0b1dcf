import React, { StrictMode } from 'react';
import ReactDOMClient from 'react-dom/client';
import { BrowserRouter } from '@murmur/router';
import { start } from 'single-spa';
import { recordSharedInstance } from '@murmur/mock-api';
import { bootPage } from '@murmur/remote-kit';
import { App } from './App';
import './styles.css';

// One back end per page, started by whoever boots the page; the remotes find it running.
const { root } = bootPage();
recordSharedInstance('react', React);
recordSharedInstance('react-dom/client', ReactDOMClient);
// single-spa's patched history API turns each pushState into a popstate, which every React root's router hears.
start({ urlRerouteOnly: true });

root.render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
