import { describe, expect, it } from 'vitest';
import { createMarkdownRenderer, isAllowedLink, ownImageCheck } from './markdown.ts';

const render = createMarkdownRenderer({ isOwnImage: ownImageCheck('https://files.tutti.example/') });
const OWN = '/uploads/content/admin-0123456789abcdef0123456789abcdef.jpg';

describe('the Markdown renderer', () => {
  it('renders Markdown', () => {
    expect(render('# Hello\n\n**bold** and *it*\n\n- one\n- two')).toBe(
      '<h1>Hello</h1>\n<p><strong>bold</strong> and <em>it</em></p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n',
    );
  });

  it('shows raw HTML as text: no script, no element with an event handler', () => {
    const html = render('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n<a href="x" onclick="y">z</a>');
    expect(html).not.toMatch(/<script|<img|<a /);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('never makes a javascript:, vbscript:, data: or protocol-relative link', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      '&#106;avascript:alert(1)',
      'vbscript:x',
      'data:text/html;base64,PHNjcmlwdD4=',
      '//evil.example/x',
    ]) {
      const html = render(`[click](${href})`);
      expect(html, href).not.toContain('<a');
      expect(html, href).not.toMatch(/href="(?:javascript|vbscript|data)/i);
    }
    expect(render('<javascript:alert(1)>')).not.toContain('<a');
    // A backslash is percent-encoded: a browser reads /%5Cevil.example as a path of this site, not a host.
    expect(render('[x](/\\evil.example)')).toContain('href="/%5Cevil.example"');
  });

  it('opens links with rel="noopener noreferrer", and external ones in a new tab', () => {
    expect(render('[site](https://example.org/a)')).toBe(
      '<p><a href="https://example.org/a" rel="noopener noreferrer" target="_blank">site</a></p>\n',
    );
    expect(render('[sessions](/studio/sessions)')).toBe(
      '<p><a href="/studio/sessions" rel="noopener noreferrer">sessions</a></p>\n',
    );
    expect(render('see https://example.org')).toContain('rel="noopener noreferrer" target="_blank"');
  });

  it("keeps images from Tutti's storage only", () => {
    expect(render(`![stage](${OWN})`)).toBe(`<p><img src="${OWN}" alt="stage" loading="lazy"></p>\n`);
    const bucket = 'https://files.tutti.example/content/admin-0123456789abcdef0123456789abcdef.png';
    expect(render(`![b](${bucket})`)).toContain(`<img src="${bucket}"`);
    for (const src of [
      'https://evil.example/pixel.png',
      'http://files.tutti.example/content/a.png',
      '/uploads/../secrets.jpg',
      '/uploads/content/x.svg',
      'data:image/png;base64,iVBORw0KGgo=',
      'javascript:alert(1)',
    ]) {
      const html = render(`![alt text](${src})`);
      expect(html, src).not.toContain('<img');
      expect(html, src).toContain('alt text');
    }
  });

  it('escapes attributes: a title or alt cannot break out', () => {
    const html = render(`![a" onerror="alert(1)](${OWN} "t\\" onload=\\"x")`);
    expect(html).not.toMatch(/ onerror="/);
    expect(html).not.toMatch(/ onload="/);
  });

  it('allows only http(s), mailto, anchors and own paths as links', () => {
    expect(isAllowedLink('https://a.example')).toBe(true);
    expect(isAllowedLink('mailto:a@b.example')).toBe(true);
    expect(isAllowedLink('/me')).toBe(true);
    expect(isAllowedLink('#top')).toBe(true);
    expect(isAllowedLink('ftp://a.example')).toBe(false);
    expect(isAllowedLink('//a.example')).toBe(false);
  });
});
