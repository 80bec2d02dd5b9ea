// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../../platform/i18n.ts';
import { PostContent } from './post-content.tsx';

beforeAll(() => initI18n());
afterEach(cleanup);

function renderContent(mobiledoc: unknown) {
  return render(
    <I18nextProvider i18n={i18n}>
      <PostContent mobiledoc={mobiledoc} />
    </I18nextProvider>,
  ).container;
}

const UNAVAILABLE = 'Post content not available at this time.';

describe('post content', () => {
  it('draws a post as elements: headings one level below the dialog title, lists, markups, images', () => {
    const container = renderContent({
      version: '0.3.1',
      atoms: [],
      cards: [
        ['image', { src: 'https://cdn.example/map.png', alt: 'Coverage map' }],
        ['hr', {}],
      ],
      markups: [['strong'], ['code'], ['a', ['href', 'https://news.example/more/']]],
      sections: [
        [1, 'h1', [[0, [], 0, 'Title']]],
        [1, 'h3', [[0, [], 0, 'Part']]],
        [
          1,
          'p',
          [
            [0, [0], 1, 'Bold'],
            [0, [], 0, ' and '],
            [0, [1], 1, 'code'],
            [0, [2], 1, 'more'],
          ],
        ],
        [1, 'blockquote', [[0, [], 0, 'Quoted']]],
        [3, 'ol', [[[0, [], 0, 'First']], [[0, [], 0, 'Second']]]],
        [10, 0],
        [10, 1],
      ],
    });
    expect(screen.getByRole('heading', { level: 3, name: 'Title' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 4, name: 'Part' })).toBeInTheDocument();
    expect(screen.getByText('Bold').tagName).toBe('STRONG');
    expect(screen.getByText('code').tagName).toBe('CODE');
    const link = screen.getByRole('link', { name: 'more' });
    expect(link).toHaveAttribute('href', 'https://news.example/more/');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener');
    expect(container.querySelector('blockquote')).toHaveTextContent('Quoted');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['First', 'Second']);
    expect(container.querySelector('ol')).not.toBeNull();
    expect(screen.getByRole('img', { name: 'Coverage map' })).toHaveAttribute(
      'src',
      'https://cdn.example/map.png',
    );
    expect(container.querySelector('hr')).not.toBeNull();
  });

  it('shows markup in the text as text, never as HTML', () => {
    const container = renderContent({
      version: '0.3.1',
      atoms: [],
      cards: [['html', { html: '<img src=x onerror=alert(1)>' }]],
      markups: [['a', ['href', 'javascript:alert(1)']]],
      sections: [
        [1, 'p', [[0, [], 0, '<img src=x onerror=alert(1)>']]],
        [1, 'p', [[0, [0], 1, 'not a link']]],
        [10, 0],
      ],
    });
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('not a link').closest('a')).toBeNull();
  });

  it("says 'Post content not available at this time.' without a readable body", () => {
    renderContent(null);
    expect(screen.getByText(UNAVAILABLE)).toBeInTheDocument();
    cleanup();
    renderContent({ version: '0.3.1', atoms: [], cards: [], markups: [], sections: [] });
    expect(screen.getByText(UNAVAILABLE)).toBeInTheDocument();
    cleanup();
    renderContent('{"version":"0.3.1","sections":[[1,"p",[[0,[9],0,"x"]]]]}');
    expect(screen.getByText(UNAVAILABLE)).toBeInTheDocument();
  });
});
