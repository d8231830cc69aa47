// Spec section 5: a redirect URL is accepted only with https and a host equal to the current
// host; anything else goes to the client home.

/** The URL to go to: `redirectUrl` when it passes the rule, else null (go home). */
export function acceptedRedirect(redirectUrl: string | null | undefined, currentHost: string): string | null {
  if (!redirectUrl) return null;
  let url: URL;
  try {
    url = new URL(redirectUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  if (url.host.toLowerCase() !== currentHost.toLowerCase()) return null;
  if (url.username || url.password) return null;
  return url.href;
}
