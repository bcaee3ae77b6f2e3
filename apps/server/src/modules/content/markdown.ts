import MarkdownIt from 'markdown-it';
import { isValidKey, UPLOADS_PREFIX } from '../../platform/storage/storage.ts';

/**
 * Administrators' Markdown (news and blog posts) to the HTML the hall shows (docs/decisions/0037): markdown-it with
 * raw HTML off (a `<script>` is shown as text), links only to http(s), mailto or this site's own paths, each with
 * rel="noopener noreferrer" (and target="_blank" when it leaves the site), and images only from Tutti's own storage;
 * any other image is dropped, its alt text kept as text.
 */

export interface MarkdownOptions {
  /** Whether an image address is a file of Tutti's storage (an upload the server serves or its bucket's URL). */
  isOwnImage: (src: string) => boolean;
}

const LINK = /^(?:https?:\/\/|mailto:)/i;

/** Addresses a link may have: absolute http(s) and mailto, or a path of this site (`/x`, never `//host`). */
export function isAllowedLink(href: string): boolean {
  const url = href.trim();
  if (/[\\\s]/.test(url)) return false;
  if (url.startsWith('/')) return !url.startsWith('//');
  if (url.startsWith('#')) return true;
  return LINK.test(url);
}

/** Images of the storage's public URLs: `base` is what publicUrl puts before a key (UPLOADS_PREFIX on disk, the
 *  bucket's address with S3_PUBLIC_URL); the server's own /uploads/ route is accepted with either driver. */
export function ownImageCheck(base: string): (src: string) => boolean {
  const bases = [...new Set([UPLOADS_PREFIX, base])];
  return (src) => {
    const prefix = bases.find((b) => src.startsWith(b));
    return prefix !== undefined && isValidKey(src.slice(prefix.length));
  };
}

export function createMarkdownRenderer(options: MarkdownOptions): (source: string) => string {
  const md = new MarkdownIt({ html: false, linkify: true, typographer: false });
  md.validateLink = (url) => isAllowedLink(url) || options.isOwnImage(url);

  md.renderer.rules.link_open = (tokens, idx, opts, _env, self) => {
    const token = tokens[idx];
    if (token) {
      const href = String(token.attrGet('href') ?? '');
      token.attrSet('rel', 'noopener noreferrer');
      if (/^https?:\/\//i.test(href)) token.attrSet('target', '_blank');
    }
    return self.renderToken(tokens, idx, opts);
  };

  const image = md.renderer.rules.image;
  md.renderer.rules.image = (tokens, idx, opts, env, self) => {
    const token = tokens[idx];
    const src = String(token?.attrGet('src') ?? '');
    if (!token || !options.isOwnImage(src)) {
      // Dropped: a tracking pixel or hot-linked picture never loads in a musician's browser. Its words stay.
      return md.utils.escapeHtml(token ? self.renderInlineAsText(token.children ?? [], opts, env) : '');
    }
    token.attrSet('loading', 'lazy');
    return image ? image(tokens, idx, opts, env, self) : self.renderToken(tokens, idx, opts);
  };

  return (source) => md.render(source);
}
