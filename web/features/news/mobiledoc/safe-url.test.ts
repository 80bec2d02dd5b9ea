import { describe, expect, it } from 'vitest';
import { safeImageSrc, safeLinkHref } from './safe-url.ts';

describe('safeLinkHref', () => {
  it('keeps http, https and mailto links', () => {
    expect(safeLinkHref('https://news.example/a?b=1')).toBe('https://news.example/a?b=1');
    expect(safeLinkHref('http://news.example/')).toBe('http://news.example/');
    expect(safeLinkHref('mailto:support@example.com')).toBe('mailto:support@example.com');
  });

  it('refuses script, data, relative and malformed links', () => {
    for (const href of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '/relative/path',
      '//evil.example/',
      'not a url',
      '',
      42,
      null,
    ]) {
      expect(safeLinkHref(href), String(href)).toBeNull();
    }
  });
});

describe('safeImageSrc', () => {
  it('keeps http(s) images and paths on this site', () => {
    expect(safeImageSrc('https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
    expect(safeImageSrc('/content/images/a.png')).toBe('/content/images/a.png');
  });

  it('refuses other hosts in disguise, scripts, data and mail addresses', () => {
    for (const src of [
      '//evil.example/a.png',
      '/\\evil.example/a.png',
      '/images\\..\\a.png',
      'javascript:alert(1)',
      'data:image/svg+xml,<svg onload=alert(1)>',
      'mailto:a@example.com',
      'images/a.png',
      undefined,
    ]) {
      expect(safeImageSrc(src), String(src)).toBeNull();
    }
  });
});
