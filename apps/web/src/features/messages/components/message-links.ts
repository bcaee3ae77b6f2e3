/** A message's text cut into plain runs and web links (SPEC: plain text, links clickable, nothing else read). */
export type MessagePart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// http(s) only: no javascript:, data: or other scheme ever becomes a link. Spaces, quotes and angle brackets end one.
const LINK = /\bhttps?:\/\/[^\s<>"'`]+/gi;
// Punctuation that usually closes the sentence rather than the address.
const TRAILING = /[.,;:!?*]+$/;

/** Trims what closes the sentence: trailing punctuation, and a ")" the link did not open. */
function trimLink(raw: string): string {
  let link = raw;
  for (;;) {
    const before = link;
    link = link.replace(TRAILING, '');
    if (link.endsWith(')') && (link.match(/\(/g) ?? []).length < (link.match(/\)/g) ?? []).length) {
      link = link.slice(0, -1);
    }
    if (link === before) return link;
  }
}

function safeHref(text: string): string | null {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export function messageParts(contents: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let last = 0;
  const push = (text: string) => {
    if (text === '') return;
    const previous = parts[parts.length - 1];
    if (previous?.kind === 'text') previous.text += text;
    else parts.push({ kind: 'text', text });
  };
  for (const match of contents.matchAll(LINK)) {
    const start = match.index;
    const text = trimLink(match[0]);
    const href = safeHref(text);
    push(contents.slice(last, start));
    if (href) parts.push({ kind: 'link', text, href });
    else push(text);
    last = start + text.length;
  }
  push(contents.slice(last));
  return parts;
}
