// The site the chosen devices move to.
import Button from '@mui/material/Button';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalShell } from '../../../platform/dialogs/modal-shell.tsx';
import { SiteSelect } from '../../sites/index.ts';

export interface BulkMoveDialogProps {
  readonly cloudId: number;
  readonly onCancel: () => void;
  readonly onSubmit: (siteId: number) => void;
}

export function BulkMoveDialog({ cloudId, onCancel, onSubmit }: BulkMoveDialogProps) {
  const { t } = useTranslation();
  const [siteId, setSiteId] = useState<number | null>(null);
  const formId = useId();
  return (
    <ModalShell
      open
      title={t('devices.move.title')}
      onClose={onCancel}
      actions={
        <>
          <Button onClick={onCancel}>{t('platform.dialogs.cancel')}</Button>
          <Button type="submit" form={formId} variant="contained" disabled={siteId === null}>
            {t('devices.firmware.next')}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        onSubmit={(event) => {
          event.preventDefault();
          if (siteId !== null) onSubmit(siteId);
        }}
      >
        <SiteSelect
          cloudId={cloudId}
          label={t('devices.move.site')}
          value={siteId}
          onChange={setSiteId}
          autoFocus
        />
      </form>
    </ModalShell>
  );
}
