import { Anchor, Group, Skeleton, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Stack.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SessionPost } from '@tutti/contract/sessions';
import { formatRelative } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { openRehearsalPath } from '../../../lib/paths';
import { useSessionPosts } from '../api/session-posts';
import { SESSIONS_NS } from '../translations';
import { QueryState, ShowMore } from './query-state';

function PostLine({ post }: { post: SessionPost }) {
  const { t } = useTranslation(SESSIONS_NS);
  const actor = post.actor?.displayedUsername ?? t('hall.someone');
  // The sentence is translated whole; the session name inside it becomes the link.
  const text = t(`hall.posts.${post.kind}`, { actor, session: '\u0000' });
  const [before, after] = text.split('\u0000') as [string, string | undefined];
  return (
    <Group component="li" justify="space-between" wrap="nowrap" gap="sm" align="baseline">
      <Text size="sm">
        {before}
        <Anchor component={Link} to={openRehearsalPath(post.session.id)} fw={600}>
          {post.session.name}
        </Anchor>
        {after}
      </Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        <time dateTime={post.at}>{formatRelative(post.at, currentLanguage())}</time>
      </Text>
    </Group>
  );
}

/** Three lines' outline while the feed loads, spaced as the posts are. */
function FeedSkeleton() {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-hidden>
      {['70%', '55%', '65%'].map((width) => (
        <Skeleton key={width} component="li" visible width={width}>
          <Text size="sm">&nbsp;</Text>
        </Skeleton>
      ))}
    </Stack>
  );
}

/** The hall's feed of public session activity: "X created Y", "X joined Y", "Y ended". */
export function ActivityFeed() {
  const { t } = useTranslation(SESSIONS_NS);
  const posts = useSessionPosts();
  return (
    <QueryState query={posts} skeleton={<FeedSkeleton />}>
      {(loaded) =>
        loaded.items.length === 0 ? (
          <Text c="dimmed">{t('hall.activityEmpty')}</Text>
        ) : (
          <Stack gap="sm">
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {loaded.items.map((post) => (
                <PostLine key={post.id} post={post} />
              ))}
            </Stack>
            <ShowMore query={posts} />
          </Stack>
        )
      }
    </QueryState>
  );
}
