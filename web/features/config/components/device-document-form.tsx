// The device page's effective document: each field marked "Inherited from site" or "Device override" (with
// "Revert to site" for whoever may change it), checked as it is edited and saved as the device's draft.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceConfig } from '../../../../core/api/config.ts';
import type { ConfigType } from '../../../../core/config/document.ts';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { ConfigSection } from './config-section.tsx';
import { type ConfigDocumentValue, DocumentEditor } from './document-editor.tsx';
import { OriginNote, originAt } from './origin-note.tsx';
import { DEVICE_ISSUE_PREFIX } from './problems.ts';
import { useDocumentForm } from './use-document-form.ts';

export function DeviceDocumentForm({
  type,
  config,
  busy,
  onRevert,
  onSave,
}: {
  readonly type: ConfigType;
  readonly config: DeviceConfig;
  readonly busy: boolean;
  readonly onRevert: (path: string) => void;
  readonly onSave: (document: ConfigDocumentValue) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const { document, setDocument, problems, texts, attempted, submit } = useDocumentForm({
    type,
    start: () => config.effective ?? {},
    serverProblems: config.problems,
    issuePrefix: DEVICE_ISSUE_PREFIX,
    onSave: async (edited) => {
      await onSave(edited);
      showMessage({ content: t('config.device.saved') });
    },
  });
  const canRevert = config.can_change && config.inherit;

  return (
    <ConfigSection title={t('config.device.documentTitle')} headingId={headingId}>
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        aria-labelledby={headingId}
        sx={{ display: 'grid', gap: 2 }}
      >
        <DocumentEditor
          type={type}
          document={document}
          onChange={setDocument}
          texts={texts}
          disabled={!config.can_change}
          // Unfolded where the device overrides something in it, so no override is out of sight.
          generalOpen={
            config.inherit &&
            Object.entries(config.origins).some(
              ([path, origin]) => origin === 'device' && path.startsWith('general_locale/'),
            )
          }
          decorate={
            config.inherit
              ? (path, label) => {
                  const found = originAt(config.origins, path);
                  if (!found) return null;
                  return (
                    <OriginNote
                      origin={found.origin}
                      label={label}
                      onRevert={canRevert && !busy ? () => onRevert(found.path) : undefined}
                    />
                  );
                }
              : undefined
          }
        />
        {attempted && problems.length > 0 && (
          <Alert severity="error">{t('config.site.fixProblems', { count: problems.length })}</Alert>
        )}
        {config.can_change && (
          <Box>
            <Button type="submit" variant="contained" disabled={busy}>
              {t('config.device.save')}
            </Button>
          </Box>
        )}
      </Box>
    </ConfigSection>
  );
}
