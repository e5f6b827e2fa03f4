import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';

const palette = ['#0b6e4f', '#c84b31', '#2d4263', '#ecb365', '#6a2c70', '#1f6f8b', '#99a799', '#b83b5e'];

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char] ?? char,
  );

/**
 * Pictures of the seeded machines, products and banners, drawn on request so
 * the product runs without any outside image host. Fixed sizes keep layouts still.
 */
export function mediaRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/:kind/:file', (c) => {
    const kind = c.req.param('kind');
    const name = c.req.param('file').replace(/\.svg$/, '');
    if (!/^(products|machines|banners|nutrition|campaigns)$/.test(kind) || !/^[a-z0-9-]{1,64}$/.test(name)) {
      return c.notFound();
    }
    const digest = createHash('sha256').update(name).digest();
    const color = palette[(digest[0] ?? 0) % palette.length];
    const [width, height] = kind === 'banners' || kind === 'campaigns' ? [640, 240] : [320, 320];
    const label = escapeXml(name.replace(/-/g, ' ').slice(0, 24));
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${label}"><rect width="100%" height="100%" fill="${color}"/><text x="50%" y="50%" fill="#fff" font-family="sans-serif" font-size="${Math.round(height / 10)}" text-anchor="middle" dominant-baseline="middle">${label}</text></svg>`;
    c.header('Cache-Control', 'public, max-age=86400');
    return c.body(svg, 200, { 'Content-Type': 'image/svg+xml' });
  });
  return app;
}
