// One kind's document on the site page: its draft (or what was last applied) in the editor, checked as it
// is edited, saved as the kind's draft or the draft dropped.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SaveSiteConfigBody, SiteConfig } from '../../../../core/api/config.ts';
import { CONFIG_DOCUMENTS } from '../../../../core/config/document.ts';
import { confirmDialog } from '../../../platform/dialogs/dialog-store.ts';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { useSaveSiteConfig } from '../api/save-site-config.ts';
import { ConfigSection } from './config-section.tsx';
import { type ConfigDocumentValue, DocumentEditor } from './document-editor.tsx';
import { siteIssuePrefix } from './problems.ts';
import { defaultValue, type JsonSchema } from './schema-model.ts';
import { GENERAL_ANCHOR, sectionAnchor, TYPE_TITLE_KEYS } from './type-labels.ts';
import { useDocumentForm } from './use-document-form.ts';

type TypeConfig = SiteConfig['types'][number];

/** The document to edit: the draft, else what was last applied, else a new one. */
export const startingDocument = (config: TypeConfig): ConfigDocumentValue =>
  config.draft ??
  config.applied ??
  (defaultValue(CONFIG_DOCUMENTS[config.config_type] as unknown as JsonSchema) as ConfigDocumentValue);

export function TypeConfigCard({
  cloudId,
  siteId,
  config,
  canChange,
  first,
  generalOpen,
}: {
  readonly cloudId: number;
  readonly siteId: number;
  readonly config: TypeConfig;
  readonly canChange: boolean;
  /** The first kind on the page holds the General and locale anchor. */
  readonly first: boolean;
  /** Whether its General and locale is unfolded (the address names its anchor). */
  readonly generalOpen: boolean;
}) {
  const { t } = useTranslation();
  const type = config.config_type;
  const save = useSaveSiteConfig(cloudId, siteId);
  const title = t(TYPE_TITLE_KEYS[type]);
  const { document, setDocument, problems, texts, attempted, submit } = useDocumentForm({
    type,
    start: () => startingDocument(config),
    serverProblems: config.problems,
    issuePrefix: siteIssuePrefix(type),
    onSave: async (edited) => {
      // Sent only once its kind's schema and rules accept it (useDocumentForm).
      await save.mutateAsync({ documents: { [type]: edited } as SaveSiteConfigBody['documents'] });
      showMessage({ content: t('config.site.saved', { type: title }) });
    },
  });
  const discard = async () => {
    const confirmed = await confirmDialog({
      title: t('config.site.discardTitle', { type: title }),
      content: t('config.site.discardContent'),
      confirmLabel: t('config.site.discard'),
    });
    if (!confirmed) return;
    try {
      await save.mutateAsync({ discard: [type] });
    } catch {
      return; // The app's error policy says what failed.
    }
    showMessage({ content: t('config.site.discarded', { type: title }) });
  };

  return (
    <ConfigSection
      title={title}
      beside={
        <>
          {config.draft !== null && <Chip size="small" color="info" label={t('config.site.draft')} />}
          <Typography variant="body2" color="text.secondary" sx={{ width: '100%' }}>
            {t('config.site.devices', { count: config.devices })}
          </Typography>
        </>
      }
    >
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        aria-label={title}
        sx={{ display: 'grid', gap: 2, minWidth: 0 }}
      >
        <DocumentEditor
          type={type}
          document={document}
          onChange={setDocument}
          texts={texts}
          disabled={!canChange}
          // The kind's anchor is on its own section, which the folded General and locale comes before.
          ids={{ general: first ? GENERAL_ANCHOR : undefined, section: sectionAnchor(type) }}
          generalOpen={generalOpen}
        />
        {attempted && problems.length > 0 && (
          <Alert severity="error">{t('config.site.fixProblems', { count: problems.length })}</Alert>
        )}
        {canChange && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              {t('config.site.save')}
            </Button>
            {config.draft !== null && (
              <Button color="error" disabled={save.isPending} onClick={() => void discard()}>
                {t('config.site.discard')}
              </Button>
            )}
          </Box>
        )}
      </Box>
    </ConfigSection>
  );
}
