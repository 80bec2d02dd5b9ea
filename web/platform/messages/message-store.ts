// docs/states.md toast queue and system messages: one toast at a time; the next shows when the previous exits.
import {
  DEFAULT_MESSAGE_DOMAIN,
  SUCCESS_TOAST_MS,
  SUCCESS_TOAST_WITH_ACTIONS_MS,
} from '../../../core/constants.ts';
import { notifyErrorListeners } from '../errors/error-listeners.ts';
import { createStore } from '../store.ts';

export type MessageVariant = 'success' | 'info' | 'warning' | 'error';

export interface MessageAction {
  readonly label: string;
  readonly onClick: () => void;
  /** Whether clicking the action also closes the message (default true). */
  readonly closes?: boolean;
}

export interface MessageInput {
  readonly content: string;
  readonly variant?: MessageVariant;
  readonly domain?: string;
  readonly actions?: readonly MessageAction[];
  readonly closable?: boolean;
  /** Close after this many milliseconds once shown, whatever the variant. */
  readonly autoClose?: number;
  /** Keeps a success message open until the user closes it. */
  readonly keepOpen?: boolean;
  /** Called once when the message is closed or replaced. */
  readonly onClosed?: () => void;
  /** The failure an error message is about, for the error listeners. */
  readonly error?: unknown;
}

export interface Message {
  readonly id: number;
  readonly content: string;
  readonly variant: MessageVariant;
  readonly domain: string;
  readonly actions: readonly MessageAction[];
  readonly closable: boolean;
  /** Waiting its turn, shown, or playing its exit transition until messageExited removes it. */
  readonly state: 'queued' | 'open' | 'closing';
  readonly autoCloseMs: number | null;
  readonly onClosed?: () => void;
}

/** How long a message stays once shown; null: until closed (docs/states.md). */
export function autoCloseDelay(input: MessageInput): number | null {
  if (input.autoClose !== undefined) return input.autoClose;
  if ((input.variant ?? 'success') !== 'success' || input.keepOpen) return null;
  return (input.actions?.length ?? 0) > 0 ? SUCCESS_TOAST_WITH_ACTIONS_MS : SUCCESS_TOAST_MS;
}

const sameActions = (a: readonly MessageAction[], b: readonly MessageAction[]) =>
  a.length === b.length && a.every((action, index) => action.label === b[index]?.label);

export function createMessageStore() {
  const store = createStore<readonly Message[]>([]);
  let nextId = 1;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const current = () => store.get()[0];

  function showNext(): void {
    const next = current();
    if (next?.state !== 'queued') return;
    store.set([{ ...next, state: 'open' }, ...store.get().slice(1)]);
    if (next.autoCloseMs !== null) timer = setTimeout(() => closeMessage(next.id), next.autoCloseMs);
  }

  function closeMessage(id: number): void {
    const messages = store.get();
    const target = messages.find((message) => message.id === id);
    if (!target) return;
    if (target.state === 'closing') return;
    if (target.state === 'open') {
      if (timer) clearTimeout(timer);
      timer = null;
      store.set([{ ...target, state: 'closing' }, ...messages.slice(1)]);
    } else {
      store.set(messages.filter((message) => message.id !== id));
    }
    target.onClosed?.();
  }

  /** Adds a message (docs/states.md rules); returns its id, or the id of the identical message already there. */
  function showMessage(input: MessageInput): number {
    const variant = input.variant ?? 'success';
    const domain = input.domain ?? DEFAULT_MESSAGE_DOMAIN;
    const actions = input.actions ?? [];
    const live = store.get().filter((message) => message.state !== 'closing');
    const duplicate = live.find(
      (message) =>
        message.variant === variant &&
        message.content === input.content &&
        message.domain === domain &&
        sameActions(message.actions, actions),
    );
    if (duplicate) return duplicate.id;
    for (const older of live.filter((message) => message.domain === domain)) closeMessage(older.id);
    const message: Message = {
      id: nextId++,
      content: input.content,
      variant,
      domain,
      actions,
      closable: input.closable ?? true,
      state: 'queued',
      autoCloseMs: autoCloseDelay(input),
      onClosed: input.onClosed,
    };
    store.set([...store.get(), message]);
    if (variant === 'error')
      notifyErrorListeners({ level: 'error', message: input.content, error: input.error });
    showNext();
    return message.id;
  }

  /** The toast finished its exit transition: the next one may show. */
  function messageExited(id: number): void {
    const first = current();
    if (first?.id !== id || first.state !== 'closing') return;
    store.set(store.get().slice(1));
    showNext();
  }

  function closeDomain(domain: string): void {
    for (const message of store.get().filter((candidate) => candidate.domain === domain))
      closeMessage(message.id);
  }

  /** Drops every message at once, without exit transitions (a page that starts over, tests). */
  function clear(): void {
    if (timer) clearTimeout(timer);
    timer = null;
    store.set([]);
  }

  return {
    clear,
    subscribe: store.subscribe,
    getMessages: store.get,
    showMessage,
    closeMessage,
    closeDomain,
    messageExited,
  };
}

export type MessageStore = ReturnType<typeof createMessageStore>;

/** The app's one message queue; the message host draws it. */
export const messages = createMessageStore();
export const showMessage = messages.showMessage;
