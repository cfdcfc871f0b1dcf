import { describe, expect, it } from 'vitest';
import { toHttpUrl } from './rules';

describe('toHttpUrl', () => {
  it('accepts absolute http and https URLs', () => {
    expect(toHttpUrl('https://example.com/mira')).toBe('https://example.com/mira');
    expect(toHttpUrl('http://example.com')).toBe('http://example.com/');
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'ftp://example.com/file',
    '//evil.example.com',
    '/relative/path',
    'example.com',
    'https://',
    '',
  ])('refuses %j', (link) => {
    expect(toHttpUrl(link)).toBeNull();
  });
});
