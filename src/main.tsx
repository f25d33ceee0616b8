import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource-variable/inter';
import './views/styles.css';
import { startApp } from './effects/app';
import { journal } from './effects/journal';
import { AppProvider } from './views/AppContext';
import { AppRoutes } from './views/AppRoutes';

const app = startApp({ inspect: journal.inspect });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider actor={app}>
      <AppRoutes />
    </AppProvider>
  </StrictMode>,
);
