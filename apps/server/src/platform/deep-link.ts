/**
 * The web's `/deeplink?to=…` (SPEC section 2) for a page of the app, for links that leave the product (emails, the
 * audio client): the web opens the page after sign-in if needed, and sends anything it does not allow to the hall
 * (apps/web/src/app/deep-link.ts). Slashes stay readable in the query, where they need no encoding.
 */
export function deepLinkUrl(publicUrl: string, path: string): string {
  if (!path.startsWith('/')) throw new Error(`deepLinkUrl: "${path}" is not a path of the app`);
  return `${publicUrl.replace(/\/+$/, '')}/deeplink?to=${encodeURIComponent(path).replace(/%2F/g, '/')}`;
}
