import { describe, expect, it } from 'vitest';
import { readMobiledoc } from './read-mobiledoc.ts';

const doc = (parts: Record<string, unknown>) => ({
  version: '0.3.1',
  atoms: [],
  cards: [],
  markups: [],
  sections: [],
  ...parts,
});
const text = (value: string) => ({ kind: 'text', text: value });

describe('readMobiledoc', () => {
  it('reads text sections of every allowed kind, and reads others as paragraphs', () => {
    const tags = ['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'aside', 'pull-quote', 'SCRIPT'];
    const blocks = readMobiledoc(doc({ sections: tags.map((tag) => [1, tag, [[0, [], 0, tag]]]) }));
    expect(blocks?.map((block) => (block.kind === 'text' ? block.tag : block.kind))).toEqual([
      ...tags.slice(0, 9),
      'p',
      'p',
    ]);
  });

  it('nests markups as the markers open and close them', () => {
    const blocks = readMobiledoc(
      doc({
        markups: [['strong'], ['em'], ['a', ['href', 'https://news.example/', 'rel', 'x']]],
        sections: [
          [
            1,
            'p',
            [
              [0, [], 0, 'Plain '],
              [0, [0], 0, 'bold '],
              [0, [1], 2, 'both'],
              [0, [2], 1, 'link'],
            ],
          ],
        ],
      }),
    );
    expect(blocks).toEqual([
      {
        kind: 'text',
        tag: 'p',
        content: [
          text('Plain '),
          {
            kind: 'markup',
            tag: 'strong',
            href: null,
            children: [text('bold '), { kind: 'markup', tag: 'em', href: null, children: [text('both')] }],
          },
          { kind: 'markup', tag: 'a', href: 'https://news.example/', children: [text('link')] },
        ],
      },
    ]);
  });

  it('keeps the text of unsafe links and unknown markups without wrapping it', () => {
    const blocks = readMobiledoc(
      doc({
        markups: [['a', ['href', 'javascript:alert(1)']], ['marquee'], ['a']],
        sections: [
          [
            1,
            'p',
            [
              [0, [0], 1, 'click'],
              [0, [1], 1, ' me'],
              [0, [2], 1, '!'],
            ],
          ],
        ],
      }),
    );
    expect(blocks).toEqual([{ kind: 'text', tag: 'p', content: [text('click'), text(' me'), text('!')] }]);
  });

  it('closes markups a section leaves open', () => {
    const blocks = readMobiledoc(doc({ markups: [['b']], sections: [[1, 'p', [[0, [0], 0, 'open']]]] }));
    expect(blocks).toEqual([
      {
        kind: 'text',
        tag: 'p',
        content: [{ kind: 'markup', tag: 'b', href: null, children: [text('open')] }],
      },
    ]);
  });

  it('reads lists, images, rules and soft returns, and skips unknown cards and atoms', () => {
    const blocks = readMobiledoc(
      doc({
        atoms: [
          ['soft-return', '', {}],
          ['mention', '@someone', {}],
        ],
        cards: [
          ['image', { src: 'https://cdn.example/a.png', alt: 'A map' }],
          ['hr', {}],
          ['html', { html: '<script>alert(1)</script>' }],
          ['image', { src: 'javascript:alert(1)' }],
        ],
        sections: [
          [3, 'ol', [[[0, [], 0, 'one']], [[0, [], 0, 'two']]]],
          [
            3,
            'ul',
            [
              [
                [0, [], 0, 'line'],
                [1, [], 0, 0],
                [0, [], 0, 'next'],
                [1, [], 0, 1],
              ],
            ],
          ],
          [10, 0],
          [10, 1],
          [10, 2],
          [10, 3],
          [2, '/content/b.png'],
          [2, '//evil.example/b.png'],
          [99, 'future section'],
        ],
      }),
    );
    expect(blocks).toEqual([
      { kind: 'list', ordered: true, items: [[text('one')], [text('two')]] },
      { kind: 'list', ordered: false, items: [[text('line'), { kind: 'break' }, text('next')]] },
      { kind: 'image', src: 'https://cdn.example/a.png', alt: 'A map' },
      { kind: 'rule' },
      { kind: 'image', src: '/content/b.png', alt: '' },
    ]);
  });

  it('reads a document given as JSON text', () => {
    const blocks = readMobiledoc(JSON.stringify(doc({ sections: [[1, 'p', [[0, [], 0, 'hi']]]] })));
    expect(blocks).toEqual([{ kind: 'text', tag: 'p', content: [text('hi')] }]);
  });

  it('cannot read what is missing, of another version or broken', () => {
    const broken = [
      null,
      undefined,
      '',
      '{not json',
      [],
      42,
      { sections: [] },
      doc({ version: '0.2.0' }),
      doc({ sections: 'p' }),
      doc({ sections: [[1, 'p', [[0, [3], 0, 'unknown markup']]]] }),
      doc({ sections: [[1, 'p', [[0, [], 0, 42]]]] }),
      doc({ sections: [[1, 'p', [[1, [], 0, 0]]]] }),
      doc({ sections: [[1, 'p', [[0, [], -1, 'x']]]] }),
      doc({ sections: [[1, 'p', 'text']] }),
      doc({ sections: [[10, 0]] }),
      doc({ markups: [[7]] }),
      doc({ sections: ['p'] }),
    ];
    for (const value of broken) expect(readMobiledoc(value), JSON.stringify(value) ?? 'undefined').toBeNull();
  });
});
