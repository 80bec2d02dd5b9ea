import { lazy, Suspense } from 'react';
import { useStore } from '../store.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { dialogs } from './dialog-store.ts';

// The confirm dialog stays in the first bundle: it must open after a new version replaced the old chunks.
const PromptDialog = lazy(() => import('./prompt-dialog.tsx').then((m) => ({ default: m.PromptDialog })));
const ReportDialog = lazy(() => import('./report-dialog.tsx').then((m) => ({ default: m.ReportDialog })));

/** Draws every dialog the app asked for, newest on top; mounted once at the root. */
export function DialogHost() {
  const entries = useStore(dialogs);
  return (
    <Suspense fallback={null}>
      {entries.map((entry) => {
        if (entry.kind === 'confirm')
          return <ConfirmDialog key={entry.id} options={entry.options} onDone={entry.resolve} />;
        if (entry.kind === 'prompt')
          return <PromptDialog key={entry.id} options={entry.options} onDone={entry.resolve} />;
        return <ReportDialog key={entry.id} options={entry.options} onDone={entry.resolve} />;
      })}
    </Suspense>
  );
}
