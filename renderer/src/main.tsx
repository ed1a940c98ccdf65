import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { connect, followNewLinks } from './client.ts';
import { LiveProvider } from './state.tsx';
import './styles.css';

const root = createRoot(document.getElementById('root') as HTMLElement);
const api = connect();
followNewLinks();
root.render(
  <StrictMode>
    {api ? (
      <LiveProvider api={api}>
        <App />
      </LiveProvider>
    ) : (
      <main className="signin">
        <div className="card signin-card" role="alert">
          <h1>Open Folio from its link</h1>
          <p>This page needs the link that `npm start` printed (it ends in #token=…). Open that link in this browser.</p>
        </div>
      </main>
    )}
  </StrictMode>,
);
