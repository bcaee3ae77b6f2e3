import { Anchor, Group, List, Stack, Text, ThemeIcon } from '@mantine/core';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/ThemeIcon.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EDIT_PROFILE_PATH } from '../../../lib/paths';
import { tipsFor, verdictOf, type KnownConnection, type SelfcheckVerdict } from '../selfcheck-verdict';
import { NALS_NS } from '../translations';

/** My profile in edit mode, where the connection type is set. */

// The colour only repeats the words (an icon beside them), so the text keeps the page's own contrast.
const COLOR: Record<SelfcheckVerdict, string> = { excellent: 'teal.8', good: 'yellow.6', tooHigh: 'red.8' };

function VerdictIcon({ verdict }: { verdict: SelfcheckVerdict }) {
  return (
    <ThemeIcon size={28} radius="xl" color={COLOR[verdict]} aria-hidden="true">
      <svg width="16" height="16" viewBox="0 0 16 16" focusable="false">
        {verdict === 'excellent' ? (
          <path d="M3.5 8.3 6.6 11.3 12.5 4.8" fill="none" stroke="currentColor" strokeWidth="2" />
        ) : verdict === 'good' ? (
          <path d="M3.5 8h9" fill="none" stroke="currentColor" strokeWidth="2" />
        ) : (
          <path d="M8 3.5v6M8 11.6v1" fill="none" stroke="currentColor" strokeWidth="2" />
        )}
      </svg>
    </ThemeIcon>
  );
}

interface SelfcheckVerdictPanelProps {
  roundTripMs: number;
  samples: readonly number[];
  /** The musician's connection type, from their profile (undefined: not known to the page). */
  connection?: KnownConnection;
}

/** What the measured round trip means for playing together, and what would lower it on this connection. */
export function SelfcheckVerdictPanel({ roundTripMs, samples, connection }: SelfcheckVerdictPanelProps) {
  const { t } = useTranslation(NALS_NS);
  const verdict = verdictOf(roundTripMs);
  const tips = tipsFor(verdict, samples, connection);
  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <VerdictIcon verdict={verdict} />
        <div>
          <Text fw={700} size="lg" data-testid="selfcheck-verdict">
            {t(`selfcheck.verdict.${verdict}`)}
          </Text>
          <Text size="sm">{t(`selfcheck.verdictMeaning.${verdict}`)}</Text>
        </div>
      </Group>
      {tips.length > 0 && (
        <>
          <Text fw={600} size="sm" id="selfcheck-tips">
            {t('selfcheck.tipsTitle')}
          </Text>
          <List size="sm" spacing={4} aria-labelledby="selfcheck-tips">
            {tips.map((tip) => (
              <List.Item key={tip}>
                {t(`selfcheck.tips.${tip}`)}
                {tip === 'setConnection' && (
                  <>
                    {' '}
                    <Anchor component={Link} to={EDIT_PROFILE_PATH}>
                      {t('selfcheck.setConnectionLink')}
                    </Anchor>
                  </>
                )}
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Stack>
  );
}
