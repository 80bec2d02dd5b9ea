import { Outlet } from 'react-router';
import { DocumentTitle } from './document-title.tsx';

/** The top route: keeps the document title in step with the address. */
export function RootLayout() {
  return (
    <>
      <DocumentTitle />
      <Outlet />
    </>
  );
}
