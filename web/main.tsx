import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { createAppRouter, isFramedPath } from './app/router.tsx';
import { meQueryOptions } from './features/auth/api/get-me.ts';
import { initI18n } from './platform/i18n.ts';

// English is bundled, so the first render is translated; the user's language follows after login.
initI18n().catch((error: unknown) => console.error(error));

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const queryClient = createQueryClient();
// The signed-in frame starts from who is signed in: ask while the page's code loads, not after.
if (isFramedPath(window.location.pathname)) void queryClient.prefetchQuery(meQueryOptions());
const router = createAppRouter(queryClient);

createRoot(container).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
