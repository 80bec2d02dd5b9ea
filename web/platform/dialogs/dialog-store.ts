// The dialogs the app asks for (docs/validation.md, docs/errors.md); the dialog host, mounted once at the root, draws them.
import { createStore } from '../store.ts';
import type { PromptValidator } from './prompt-validation.ts';

export interface ConfirmOptions {
  readonly title: string;
  readonly content: string;
  readonly confirmLabel?: string;
  /** null: no cancel button (a dialog that only goes one way, e.g. session expired). */
  readonly cancelLabel?: string | null;
  readonly closable?: boolean;
}

export interface PromptOptions {
  readonly title: string;
  readonly label: string;
  readonly content?: string;
  readonly initialValue?: string;
  readonly allowBlank?: boolean;
  readonly validate?: PromptValidator;
  readonly submitLabel?: string;
  readonly cancelLabel?: string;
}

export interface ReportOptions {
  readonly error: unknown;
  /** The signed-in user's email, when known. */
  readonly user: string;
  /** docs/errors.md: a dialog that is not closable offers Reload Page instead of Cancel. */
  readonly closable?: boolean;
}

export type DialogEntry =
  | {
      readonly id: number;
      readonly kind: 'confirm';
      readonly options: ConfirmOptions;
      readonly resolve: (ok: boolean) => void;
    }
  | {
      readonly id: number;
      readonly kind: 'prompt';
      readonly options: PromptOptions;
      readonly resolve: (value: string | null) => void;
    }
  | {
      readonly id: number;
      readonly kind: 'report';
      readonly options: ReportOptions;
      readonly resolve: () => void;
    };

const store = createStore<readonly DialogEntry[]>([]);
let nextId = 1;

export const dialogs = { get: store.get, subscribe: store.subscribe };

function open<T>(make: (id: number, resolve: (value: T) => void) => DialogEntry): Promise<T> {
  return new Promise<T>((resolve) => {
    const id = nextId++;
    const entry = make(id, (value: T) => {
      store.set(store.get().filter((candidate) => candidate.id !== id));
      resolve(value);
    });
    store.set([...store.get(), entry]);
  });
}

/** Resolves true when confirmed, false when cancelled or closed. */
export function confirmDialog(options: ConfirmOptions): Promise<boolean> {
  return open<boolean>((id, resolve) => ({ id, kind: 'confirm', options, resolve }));
}

/** Asks to confirm an action (a row's Delete, Revoke) and runs it only when confirmed. */
export async function confirmThen(
  title: string,
  content: string,
  confirmLabel: string,
  then: () => void,
): Promise<void> {
  if (await confirmDialog({ title, content, confirmLabel })) then();
}

/** Resolves with the accepted value, or null when cancelled. */
export function promptDialog(options: PromptOptions): Promise<string | null> {
  return open<string | null>((id, resolve) => ({ id, kind: 'prompt', options, resolve }));
}

/** The 'Page Script Error' dialog for one error; resolves when it closes. */
export function reportErrorDialog(options: ReportOptions): Promise<void> {
  return open<void>((id, resolve) => ({ id, kind: 'report', options, resolve }));
}

/** Closes every dialog without an answer (tests; a page that starts over). */
export function closeAllDialogs(): void {
  for (const entry of store.get()) {
    if (entry.kind === 'confirm') entry.resolve(false);
    else if (entry.kind === 'prompt') entry.resolve(null);
    else entry.resolve();
  }
}
