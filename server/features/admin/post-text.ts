// A Latest News post as an administrator writes it, and as the news panel reads it: the panel draws the
// Mobiledoc and measures the plain text (short posts open in place), so both are stored from the text.
// The text uses the small markup the demo posts are written in (server/db/seed/mobiledoc.ts).
import { buildPost } from '../../db/seed/mobiledoc.ts';

/** The Mobiledoc and plain text of a post's text: blocks are apart by a blank line. */
export function postFromText(text: string) {
  const blocks = text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((block) => block.trim())
    .filter((block) => block !== '');
  return buildPost(blocks);
}

type Frame = { wrap: (inner: string) => string; text: string };

const wrapper = (markup: unknown): Frame['wrap'] => {
  if (!Array.isArray(markup)) return (inner) => inner;
  const [tag, attributes] = markup;
  if (tag === 'strong' || tag === 'b') return (inner) => `**${inner}**`;
  if (tag === 'em' || tag === 'i') return (inner) => `_${inner}_`;
  if (tag === 'a' && Array.isArray(attributes)) {
    const at = attributes.findIndex((value, index) => index % 2 === 0 && value === 'href');
    const href = at >= 0 ? attributes[at + 1] : undefined;
    if (typeof href === 'string') return (inner) => `[${inner}](${href})`;
  }
  return (inner) => inner;
};

/** One section's markers as text with its markup: [type, openedMarkups, closedCount, value]. */
function markersText(markers: unknown, markups: readonly unknown[]): string {
  if (!Array.isArray(markers)) throw new Error('markers');
  const stack: Frame[] = [{ wrap: (inner) => inner, text: '' }];
  const close = () => {
    const frame = stack.pop() as Frame;
    (stack[stack.length - 1] as Frame).text += frame.wrap(frame.text);
  };
  for (const marker of markers) {
    if (!Array.isArray(marker)) throw new Error('marker');
    const [type, opened, closed, value] = marker;
    for (const index of Array.isArray(opened) ? opened : []) {
      stack.push({ wrap: wrapper(markups[index]), text: '' });
    }
    const top = stack[stack.length - 1] as Frame;
    if (type === 0 && typeof value === 'string') top.text += value;
    else if (type === 1) top.text += '\n';
    for (let n = 0; n < (typeof closed === 'number' ? closed : 0) && stack.length > 1; n++) close();
  }
  while (stack.length > 1) close();
  return (stack[0] as Frame).text;
}

/**
 * The text to edit a stored post by: what postFromText made it from. A post whose body cannot be read that
 * way (written elsewhere) gives its plain text.
 */
export function textFromPost(mobiledoc: unknown, plaintext: string): string {
  try {
    const document = mobiledoc as { markups?: unknown; sections?: unknown };
    const markups = Array.isArray(document.markups) ? document.markups : [];
    if (!Array.isArray(document.sections)) return plaintext;
    const blocks = document.sections.map((section: unknown) => {
      if (!Array.isArray(section)) throw new Error('section');
      const [type, tag, content] = section;
      if (type === 1) {
        const text = markersText(content, markups);
        return typeof tag === 'string' && /^h[1-6]$/i.test(tag) ? `## ${text}` : text;
      }
      if (type === 3 && Array.isArray(content)) {
        return content.map((item: unknown) => `- ${markersText(item, markups)}`).join('\n');
      }
      return '';
    });
    return blocks.filter((block: string) => block !== '').join('\n\n') || plaintext;
  } catch {
    return plaintext;
  }
}
