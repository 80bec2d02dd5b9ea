import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../store.ts';
import { messages as appMessages, type Message, type MessageStore } from './message-store.ts';

interface MessageBodyProps {
  readonly message: Message;
  readonly store: MessageStore;
  /** The Snackbar's transition measures the toast through this ref. */
  readonly ref?: Ref<HTMLDivElement>;
}

function MessageBody({ message, store, ref }: MessageBodyProps) {
  const { t } = useTranslation();
  const close = () => store.closeMessage(message.id);
  const actions = (
    <>
      {message.actions.map((action) => (
        <Button
          key={action.label}
          color="inherit"
          size="small"
          onClick={() => {
            if (action.closes !== false) close();
            action.onClick();
          }}
        >
          {action.label}
        </Button>
      ))}
      {message.closable && (
        <IconButton color="inherit" size="small" aria-label={t('platform.messages.close')} onClick={close}>
          <CloseIcon fontSize="small" />
        </IconButton>
      )}
    </>
  );
  return (
    <Alert
      ref={ref}
      severity={message.variant}
      variant="filled"
      action={actions}
      role={message.variant === 'error' || message.variant === 'warning' ? 'alert' : 'status'}
      sx={{ width: '100%', maxWidth: 640, alignItems: 'center' }}
    >
      {message.content}
    </Alert>
  );
}

/** Draws the one toast of the message queue (docs/states.md); mounted once at the root. */
export function MessageHost({ store = appMessages }: { readonly store?: MessageStore }) {
  const { t } = useTranslation();
  const current = useStore({ get: store.getMessages, subscribe: store.subscribe })[0];
  if (!current || current.state === 'queued') return null;
  return (
    <Snackbar
      key={current.id}
      open={current.state === 'open'}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      onClose={(_event, reason) => {
        if (reason === 'escapeKeyDown' && current.closable) store.closeMessage(current.id);
      }}
      slotProps={{
        // A landmark, so the toast is not content outside every region of the page.
        root: { role: 'region', 'aria-label': t('platform.messages.region') },
        transition: { onExited: () => store.messageExited(current.id) },
      }}
    >
      <MessageBody message={current} store={store} />
    </Snackbar>
  );
}
