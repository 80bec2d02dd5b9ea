// Builds a mobiledoc 0.3.1 document and its plain text from one description of a post.
// Each block is a paragraph, a '## ' heading, or a list of '- ' lines; paragraphs may hold
// **strong**, _emphasis_ and [links](https://...).

type Markup = readonly [string] | readonly [string, readonly [string, string]];
type Marker = readonly [0, readonly number[], number, string];

export type Mobiledoc = {
  version: '0.3.1';
  atoms: [];
  cards: [];
  markups: Markup[];
  sections: (readonly [1, string, Marker[]] | readonly [3, 'ul', Marker[][]])[];
};

const INLINE = /\*\*(.+?)\*\*|_(.+?)_|\[(.+?)\]\((.+?)\)/g;
const plain = (text: string): Marker => [0, [], 0, text];

export function buildPost(blocks: readonly string[]): { mobiledoc: Mobiledoc; plaintext: string } {
  const markups: Markup[] = [];
  const markupIndex = (markup: Markup) => {
    const key = JSON.stringify(markup);
    const found = markups.findIndex((candidate) => JSON.stringify(candidate) === key);
    if (found >= 0) return found;
    markups.push(markup);
    return markups.length - 1;
  };
  const paragraph = (source: string): { markers: Marker[]; text: string } => {
    const markers: Marker[] = [];
    let text = '';
    let position = 0;
    for (const match of source.matchAll(INLINE)) {
      if (match.index > position) markers.push(plain(source.slice(position, match.index)));
      const [, strong, em, link, href] = match;
      const value = strong ?? em ?? link ?? '';
      const markup: Markup = strong ? ['strong'] : em ? ['em'] : ['a', ['href', href ?? '']];
      markers.push([0, [markupIndex(markup)], 1, value]);
      text += source.slice(position, match.index) + value;
      position = match.index + match[0].length;
    }
    if (position < source.length) markers.push(plain(source.slice(position)));
    return { markers, text: text + source.slice(position) };
  };

  const sections: Mobiledoc['sections'] = [];
  const texts: string[] = [];
  for (const block of blocks) {
    if (block.startsWith('## ')) {
      sections.push([1, 'h2', [plain(block.slice(3))]]);
      texts.push(block.slice(3));
    } else if (block.startsWith('- ')) {
      const items = block.split('\n').map((line) => paragraph(line.replace(/^- /, '')));
      sections.push([3, 'ul', items.map((item) => item.markers)]);
      texts.push(items.map((item) => item.text).join('\n'));
    } else {
      const { markers, text } = paragraph(block);
      sections.push([1, 'p', markers]);
      texts.push(text);
    }
  }
  return {
    mobiledoc: { version: '0.3.1', atoms: [], cards: [], markups, sections },
    plaintext: texts.join('\n\n'),
  };
}
