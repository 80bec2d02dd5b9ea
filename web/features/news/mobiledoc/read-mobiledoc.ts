// Reads a post body in Mobiledoc 0.3 (the blog's document format) into a small checked tree. Only what the
// console can show safely survives: text sections, lists, images and rules; unknown cards and atoms drop out.
import { safeImageSrc, safeLinkHref } from './safe-url.ts';

export type TextTag = 'p' | 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6' | 'blockquote' | 'aside';
export type InlineTag = 'b' | 'strong' | 'i' | 'em' | 'u' | 's' | 'code' | 'a';

export type Inline =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'break' }
  | {
      readonly kind: 'markup';
      readonly tag: InlineTag;
      readonly href: string | null;
      readonly children: readonly Inline[];
    };

export type Block =
  | { readonly kind: 'text'; readonly tag: TextTag; readonly content: readonly Inline[] }
  | { readonly kind: 'list'; readonly ordered: boolean; readonly items: readonly (readonly Inline[])[] }
  | { readonly kind: 'image'; readonly src: string; readonly alt: string }
  | { readonly kind: 'rule' };

type Wrapper = { readonly tag: InlineTag; readonly href: string | null } | null;
type Frame = { readonly wrapper: Wrapper; readonly children: Inline[] };

const TEXT_TAGS: ReadonlySet<string> = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'aside',
]);
const INLINE_TAGS: ReadonlySet<string> = new Set(['b', 'strong', 'i', 'em', 'u', 's', 'code', 'a']);
const VERSION = /^0\.3\.\d+$/;

/** Thrown inside the reader when the document does not have the Mobiledoc shape. */
class Unreadable extends Error {}

function check(condition: unknown): asserts condition {
  if (!condition) throw new Unreadable();
}

const isIndex = (value: unknown, length: number): value is number =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) < length;

/** An optional list of the document; missing means empty. */
function listOf(value: unknown): readonly unknown[] {
  if (value === undefined) return [];
  check(Array.isArray(value));
  return value;
}

/** A markup definition: [tagName, [attrName, attrValue, ...]]; a link without a safe href wraps nothing. */
function readMarkup(entry: unknown): Wrapper {
  check(Array.isArray(entry) && typeof entry[0] === 'string');
  const tag = entry[0].toLowerCase();
  if (!INLINE_TAGS.has(tag)) return null;
  if (tag !== 'a') return { tag: tag as InlineTag, href: null };
  const attributes = listOf(entry[1]);
  const at = attributes.findIndex((value, index) => index % 2 === 0 && value === 'href');
  const href = at >= 0 ? safeLinkHref(attributes[at + 1]) : null;
  return href ? { tag: 'a', href } : null;
}

function close(stack: Frame[]): void {
  const frame = stack.pop() as Frame;
  const parent = stack[stack.length - 1] as Frame;
  if (frame.wrapper) parent.children.push({ kind: 'markup', ...frame.wrapper, children: frame.children });
  else parent.children.push(...frame.children);
}

/** Markers: [0, openedMarkups, closedCount, text] or [1, openedMarkups, closedCount, atomIndex]. */
function readMarkers(value: unknown, markups: readonly Wrapper[], atoms: readonly unknown[]): Inline[] {
  check(Array.isArray(value));
  const root: Frame = { wrapper: null, children: [] };
  const stack: Frame[] = [root];
  for (const marker of value) {
    check(Array.isArray(marker));
    const [type, opened, closed, payload] = marker;
    check(Array.isArray(opened) && Number.isInteger(closed) && closed >= 0);
    for (const index of opened) {
      check(isIndex(index, markups.length));
      stack.push({ wrapper: markups[index] ?? null, children: [] });
    }
    const top = stack[stack.length - 1] as Frame;
    if (type === 0) {
      check(typeof payload === 'string');
      top.children.push({ kind: 'text', text: payload });
    } else {
      check(type === 1 && isIndex(payload, atoms.length));
      const atom = atoms[payload];
      if (Array.isArray(atom) && atom[0] === 'soft-return') top.children.push({ kind: 'break' });
    }
    for (let count = 0; count < closed && stack.length > 1; count++) close(stack);
  }
  while (stack.length > 1) close(stack);
  return root.children;
}

function readImage(src: unknown, alt: unknown): Block | null {
  const safe = safeImageSrc(src);
  return safe ? { kind: 'image', src: safe, alt: typeof alt === 'string' ? alt : '' } : null;
}

/** A card: [name, payload]; only image and hr cards are shown. */
function readCard(card: unknown): Block | null {
  check(Array.isArray(card));
  const [name, payload] = card;
  if (name === 'hr') return { kind: 'rule' };
  if (name !== 'image' || typeof payload !== 'object' || payload === null) return null;
  const { src, alt } = payload as Record<string, unknown>;
  return readImage(src, alt);
}

function readDocument(document: Record<string, unknown>): Block[] {
  check(typeof document.version === 'string' && VERSION.test(document.version));
  const markups = listOf(document.markups).map(readMarkup);
  const atoms = listOf(document.atoms);
  const cards = listOf(document.cards);
  const blocks: Block[] = [];
  for (const section of listOf(document.sections)) {
    check(Array.isArray(section));
    const [type, first, second] = section;
    if (type === 1) {
      check(typeof first === 'string');
      const tag = first.toLowerCase();
      const content = readMarkers(second, markups, atoms);
      blocks.push({ kind: 'text', tag: TEXT_TAGS.has(tag) ? (tag as TextTag) : 'p', content });
    } else if (type === 2) {
      const image = readImage(first, '');
      if (image) blocks.push(image);
    } else if (type === 3) {
      check(Array.isArray(second));
      const items = second.map((item) => readMarkers(item, markups, atoms));
      blocks.push({ kind: 'list', ordered: first === 'ol', items });
    } else if (type === 10) {
      check(isIndex(first, cards.length));
      const card = readCard(cards[first]);
      if (card) blocks.push(card);
    }
  }
  return blocks;
}

/**
 * The blocks of a post body (a Mobiledoc object, or its JSON text); null when it is missing, not Mobiledoc
 * 0.3, or broken anywhere.
 */
export function readMobiledoc(value: unknown): Block[] | null {
  let document = value;
  if (typeof value === 'string') {
    try {
      document = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (typeof document !== 'object' || document === null || Array.isArray(document)) return null;
  try {
    return readDocument(document as Record<string, unknown>);
  } catch (error) {
    if (error instanceof Unreadable) return null;
    throw error;
  }
}
