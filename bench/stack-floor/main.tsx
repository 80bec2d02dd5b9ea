// The least an app of the stack the console pins (docs/architecture.md#stack) sends to a browser: a themed
// app bar, drawer, list, breadcrumbs, text field, dialog, menu, tooltip and snackbar, a data router with one
// route, one query and one translated text. `npm run bench -- entry-parts` builds it beside the console.
import AppBar from '@mui/material/AppBar';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import CssBaseline from '@mui/material/CssBaseline';
import Dialog from '@mui/material/Dialog';
import Drawer from '@mui/material/Drawer';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Snackbar from '@mui/material/Snackbar';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import i18next from 'i18next';
import { createRoot } from 'react-dom/client';
import { initReactI18next, useTranslation } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router';

// A key of the console's catalogue, which types every key the app may ask for.
const TITLE = 'shell.notFound.title';
void i18next
  .use(initReactI18next)
  .init({ lng: 'en', resources: { en: { translation: { [TITLE]: 'Floor' } } } });

function Page() {
  const { t } = useTranslation();
  const health = useQuery({ queryKey: ['health'], queryFn: async () => (await fetch('/healthz')).ok });
  return (
    <>
      <AppBar position="static">
        <Toolbar>
          <Typography variant="h1">{t(TITLE)}</Typography>
          <Tooltip title={t(TITLE)}>
            <Button color="inherit">{t(TITLE)}</Button>
          </Tooltip>
        </Toolbar>
      </AppBar>
      <Drawer variant="permanent">
        <List>
          <ListItemButton>
            <ListItemText primary={t(TITLE)} />
          </ListItemButton>
        </List>
      </Drawer>
      <Breadcrumbs>
        <Link href="/">{t(TITLE)}</Link>
      </Breadcrumbs>
      <TextField label={t(TITLE)} />
      <Dialog open={false} />
      <Menu open={false}>
        <MenuItem>{t(TITLE)}</MenuItem>
      </Menu>
      <Snackbar open={false} />
      <Typography>{health.isSuccess ? 'Content' : ''}</Typography>
    </>
  );
}

const router = createBrowserRouter([{ path: '*', element: <Page /> }]);
createRoot(document.getElementById('root') as HTMLElement).render(
  <ThemeProvider theme={createTheme()}>
    <CssBaseline />
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </ThemeProvider>,
);
