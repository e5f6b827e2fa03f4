import { describe, expect, it } from 'vitest';
import { httpUrl, imageUrl } from './links.ts';

describe('server-supplied URLs are followed only when they are http(s)', () => {
  it.each([
    ['https://vendo.mx/campana', 'https://vendo.mx/campana'],
    ['http://example.com/x?y=1', 'http://example.com/x?y=1'],
    ['  https://vendo.mx/  ', 'https://vendo.mx/'],
  ])('keeps %s', (given, expected) => {
    expect(httpUrl(given)).toBe(expected);
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    '/machine-inventory',
    '//evil.example/',
    'ftp://example.com/file',
    '',
    null,
    undefined,
  ])('refuses %s', (given) => {
    expect(httpUrl(given)).toBeNull();
  });
});

describe('server-supplied images', () => {
  it.each([
    ['/media/banners/comedor.svg', '/media/banners/comedor.svg'],
    ['https://cdn.example.mx/a.jpg', 'https://cdn.example.mx/a.jpg'],
    ['//evil.example/a.jpg', null],
    ['javascript:alert(1)', null],
    [null, null],
  ])('%s → %s', (given, expected) => {
    expect(imageUrl(given)).toBe(expected);
  });
});
