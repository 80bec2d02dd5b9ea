// What the Admin Panel's catalogue sections (news posts, videos) share: the bar that adds an entry, the list
// with each row's Edit and Delete (after a confirmation), and the form of the entry being written.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../platform/dialogs/dialog-store.ts';
import type { ListColumn } from '../../../platform/list-page/list-table.tsx';
import { AdminList, type AdminListProps } from './admin-list.tsx';
import { SectionBar } from './section-parts.tsx';

interface CatalogueSectionProps<T> extends AdminListProps<T> {
  readonly intro: string;
  readonly addLabel: string;
  readonly titleOf: (entry: T) => string;
  /** A change is under way: the row actions wait. */
  readonly busy: boolean;
  /** The entry's own actions, between Edit and Delete. */
  readonly rowActions?: (entry: T) => ReactNode;
  /** What the delete confirmation asks. */
  readonly deleteQuestion: (entry: T) => { readonly title: string; readonly content: string };
  /** Deletes a confirmed entry. */
  readonly remove: (entry: T) => void;
  /** The form of a new entry (null) or of the one being edited. */
  readonly form: (entry: T | null, onClose: () => void) => ReactNode;
}

export function CatalogueSection<T>({
  intro,
  addLabel,
  titleOf,
  busy,
  rowActions,
  deleteQuestion,
  remove: removeEntry,
  form,
  ...list
}: CatalogueSectionProps<T>) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{ entry: T | null } | null>(null);

  const remove = async (entry: T) => {
    const confirmed = await confirmDialog({
      ...deleteQuestion(entry),
      confirmLabel: t('admin.list.delete'),
    });
    if (confirmed) removeEntry(entry);
  };

  const columns: ListColumn<T>[] = [
    ...list.columns,
    {
      id: 'actions',
      header: t('admin.list.actions'),
      cell: (entry) => (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          <Button
            size="small"
            aria-label={t('admin.list.editLabel', { name: titleOf(entry) })}
            onClick={() => setEditing({ entry })}
          >
            {t('admin.list.edit')}
          </Button>
          {rowActions?.(entry)}
          <Button
            size="small"
            color="error"
            disabled={busy}
            aria-label={t('admin.list.deleteLabel', { name: titleOf(entry) })}
            onClick={() => void remove(entry)}
          >
            {t('admin.list.delete')}
          </Button>
        </Box>
      ),
    },
  ];
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <SectionBar intro={intro} action={addLabel} onAction={() => setEditing({ entry: null })} />
      <AdminList {...list} columns={columns} />
      {editing && form(editing.entry, () => setEditing(null))}
    </Box>
  );
}
