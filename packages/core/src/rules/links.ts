/**
 * Server-supplied addresses (spec §8 redirect_url, §3 cta_url, action_url) are
 * followed or rendered as links only when they are absolute http(s) URLs:
 * `javascript:`, `data:` and relative paths never become a link.
 */
export function httpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
}

/** An image the server names: an http(s) address, or a path on this origin (the reference API's media). */
export function imageUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  if (/^\/(?!\/)/.test(value.trim())) return value.trim();
  return httpUrl(value);
}
