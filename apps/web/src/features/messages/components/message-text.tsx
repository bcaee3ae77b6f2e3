import { Anchor } from '@mantine/core';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import { messageParts } from './message-links';

/**
 * A message as plain text: React writes it as text (no markup is ever read), and http(s) addresses become links
 * that open elsewhere without giving the page a handle on ours, nor our endorsement (nofollow).
 */
export function MessageText({ contents }: { contents: string }) {
  return (
    <>
      {messageParts(contents).map((part, i) =>
        part.kind === 'link' ? (
          <Anchor
            key={i}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            c="inherit"
            underline="always"
            style={{ overflowWrap: 'anywhere' }}
          >
            {part.text}
          </Anchor>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
