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
