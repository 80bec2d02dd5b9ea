// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { POSTS } from '../../db/seed/demo-news-posts.ts';
import { buildPost } from '../../db/seed/mobiledoc.ts';
import { postFromText, textFromPost } from './post-text.ts';

describe('a news post’s text', () => {
  it('gives back the text every demo post was written from, which stores the same post again', () => {
    for (const post of POSTS) {
      const stored = buildPost(post.blocks);
      const text = textFromPost(stored.mobiledoc, stored.plaintext);
      expect(text, post.slug).toBe(post.blocks.join('\n\n'));
      expect(postFromText(text), post.slug).toEqual(stored);
    }
  });

  it('reads blank lines of any kind as the end of a paragraph', () => {
    const { mobiledoc, plaintext } = postFromText('First line\r\nstill first\r\n \r\n\r\nSecond');
    expect(mobiledoc.sections).toEqual([
      [1, 'p', [[0, [], 0, 'First line\nstill first']]],
      [1, 'p', [[0, [], 0, 'Second']]],
    ]);
    expect(plaintext).toBe('First line\nstill first\n\nSecond');
  });

  it('gives the plain text of a body written elsewhere that it cannot read', () => {
    expect(textFromPost({ version: '0.3.1', sections: 'nonsense' }, 'The plain text')).toBe('The plain text');
    expect(textFromPost(null, 'Nothing else')).toBe('Nothing else');
    expect(
      textFromPost({ version: '0.3.1', sections: [[10, 0]], cards: [['image', {}]] }, 'Only a card'),
    ).toBe('Only a card');
  });
});
