/** Browser entry: Spanish dates (weeks from Monday), then the application. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './shared/dayjs';
import { App } from './App';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
