const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function globToRegExp(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i]!;
    if (ch === '*' && glob[i + 1] === '*') {
      re += '.*';
      i++;
    } else if (ch === '*') re += '[^/.]*';
    else if (ch === '?') re += '.';
    else re += ch.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

/**
 * GoTrue's rule for redirect_to: allowed when on the site URL's origin, on a local origin (development), or
 * matching one of the additional redirect URLs (exact prefix or glob). Anything else falls back to the site
 * URL, so a link can never carry a session to another site.
 */
export function safeRedirect(redirectTo: string | undefined | null, siteUrl: string, additional: string[]): string {
  if (!redirectTo) return siteUrl;
  let target: URL;
  try {
    target = new URL(redirectTo);
  } catch {
    return siteUrl;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return siteUrl;
  try {
    if (target.origin === new URL(siteUrl).origin) return target.href;
  } catch {
    /* a bad site URL matches nothing */
  }
  if (LOCAL_HOSTS.has(target.hostname)) return target.href;
  for (const pattern of additional) {
    if (pattern.includes('*') ? globToRegExp(pattern).test(target.href) : target.href.startsWith(pattern))
      return target.href;
  }
  return siteUrl;
}

/** Appends a fragment of key=value pairs (the way GoTrue hands a session or an error to the browser). */
export function withFragment(url: string, params: Record<string, string | number>): string {
  const fragment = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  const base = url.split('#')[0];
  return `${base}#${fragment}`;
}
