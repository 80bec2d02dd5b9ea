// The Search Everywhere button, and its keyboard shortcuts: `/` (outside text fields) or Ctrl+K (⌘K).
import SearchIcon from '@mui/icons-material/Search';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PanelButton, type PanelButtonState } from '../../platform/panel/panel-button.tsx';

export function SearchButton(state: PanelButtonState) {
  const { t } = useTranslation();
  return (
    <PanelButton {...state} title={t('shell.topBar.search')}>
      <SearchIcon />
    </PanelButton>
  );
}

function typesText(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** True for the keys that open Search Everywhere. */
export function isSearchShortcut(event: KeyboardEvent): boolean {
  if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') return true;
  return event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !typesText(event.target);
}

/** Opens Search Everywhere, anchored at its button, when a shortcut is pressed; returns the button's ref. */
export function useSearchShortcut(enabled: boolean, open: (anchor: HTMLElement) => void) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const openRef = useRef(open);
  openRef.current = open;
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const button = buttonRef.current;
      if (!button || !isSearchShortcut(event)) return;
      event.preventDefault();
      openRef.current(button);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
  return buttonRef;
}
