/**
 * The layout of every protected page: top menu, the page, and the shared views (modals, session
 * watcher, notices). Screens render their own heading; react-admin's <Title> has no slot here
 * (it renders nothing when #react-admin-title is absent).
 */
import Box from '@mui/material/Box';
import { Suspense, type ReactNode } from 'react';
import { CookiesNotice } from '../shared/CookiesNotice';
import { ModalProvider } from '../shared/ModalProvider';
import { Spinner } from '../shared/Spinner';
import { WidthNotice } from '../shared/WidthNotice';
import { SessionExpiredModal } from './SessionExpiredModal';
import { TopBar } from './TopBar';

export function AppLayout({ children }: { children?: ReactNode }) {
  return (
    <ModalProvider>
      <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'grey.100' }}>
        <TopBar />
        <WidthNotice />
        <Box component="main" id="main-content" sx={{ flex: 1, p: 3, maxWidth: 1440, width: '100%', mx: 'auto' }}>
          <Suspense fallback={<Spinner />}>{children}</Suspense>
        </Box>
        <SessionExpiredModal />
        <CookiesNotice />
      </Box>
    </ModalProvider>
  );
}
