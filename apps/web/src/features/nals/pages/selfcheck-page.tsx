import { Anchor, Button, Group, List, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/ThemeIcon.css';
import '@mantine/core/styles/Title.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { formatMs } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useOwnConnectionType } from '../../../lib/own-connection';
import { useTitle } from '../../../lib/use-title';
import { LevelMeter } from '../../../components/ui/level-meter';
import { RttChart } from '../../../components/ui/rtt-chart';
import { inputLevel, outputLevel } from '../../../lib/nals/level-selectors';
import { SelfcheckVerdictPanel } from '../components/selfcheck-verdict';
import { isFailureStep, median, type SelfcheckState, type SelfcheckStep } from '../selfcheck';
import { NALS_NS } from '../translations';
import { useSelfcheck } from '../use-selfcheck';

type StepState = 'done' | 'failed' | 'active';

function stepState(state: SelfcheckState, step: SelfcheckStep, index: number): StepState {
  if (isFailureStep(step)) return 'failed';
  return state.phase === 'running' && index === state.steps.length - 1 ? 'active' : 'done';
}

function StepIcon({ kind }: { kind: StepState }) {
  if (kind === 'active') return <Loader size={18} aria-hidden="true" />;
  return (
    <ThemeIcon size={20} radius="xl" color={kind === 'done' ? 'teal.8' : 'red.8'} aria-hidden="true">
      <svg width="12" height="12" viewBox="0 0 12 12" focusable="false">
        {kind === 'done' ? (
          <path d="M2.5 6.2 5 8.6l4.5-5" fill="none" stroke="currentColor" strokeWidth="1.8" />
        ) : (
          <path d="M3 3l6 6M9 3l-6 6" fill="none" stroke="currentColor" strokeWidth="1.8" />
        )}
      </svg>
    </ThemeIcon>
  );
}

/** /nals/selfcheck: the echo test, step by step, then the measured round trip (spec section 4). */
export function SelfcheckPage() {
  const { t } = useTranslation(NALS_NS);
  useTitle(t('selfcheck.title'));
  const { state, start } = useSelfcheck();
  const connection = useOwnConnectionType();
  const locale = currentLanguage();
  const fmt = (ms: number) => formatMs(ms, locale);
  const result = median(state.samples);
  const done = state.phase === 'done';
  const finished = state.steps.includes('finished');

  return (
    <Stack gap="xl" maw={760} mx="auto" w="100%">
      <Stack gap="xs">
        <Title order={1}>{t('selfcheck.heading')}</Title>
        <Text c="dimmed">{t('selfcheck.intro')}</Text>
      </Stack>
      <div>
        <Button onClick={start} loading={state.phase === 'running'} loaderProps={{ 'aria-hidden': true }}>
          {state.phase === 'idle' ? t('selfcheck.start') : t('selfcheck.again')}
        </Button>
      </div>

      {state.steps.length > 0 && (
        <Paper withBorder radius="lg" p="lg" aria-busy={state.phase === 'running'}>
          <List spacing="sm" listStyleType="none" aria-live="polite" aria-label={t('selfcheck.running')}>
            {state.steps.map((step, index) => {
              const kind = stepState(state, step, index);
              return (
                <List.Item key={`${step}-${index}`} icon={<StepIcon kind={kind} />}>
                  <Text span fw={kind === 'active' ? 700 : 500} c={kind === 'failed' ? 'red.8' : undefined}>
                    {t(`selfcheck.steps.${step}`)}
                    {step === 'nalsDetected' && state.version ? ` (${state.version})` : ''}
                  </Text>
                  <Text span size="sm" c="dimmed">
                    {' '}
                    · {t(`selfcheck.stepStates.${kind}`)}
                  </Text>
                </List.Item>
              );
            })}
          </List>
          {/* Your own sound, going out and coming back from the echo room. */}
          <Stack gap="xs" mt="md">
            <LevelMeter label={t('meters.input')} select={inputLevel} showLabel />
            <LevelMeter label={t('meters.output')} select={outputLevel} showLabel />
          </Stack>
          {done && state.steps.includes('nalsNotDetected') && (
            <Text size="sm" mt="md">
              {t('selfcheck.notDetectedHint')}{' '}
              <Anchor component={Link} to={PATHS.download}>
                {t('notInstalled.download')}
              </Anchor>
            </Text>
          )}
        </Paper>
      )}

      {finished && (
        <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="selfcheck-result">
          <Stack gap="sm">
            {!state.canPing ? (
              <Text id="selfcheck-result">{t('selfcheck.noPing')}</Text>
            ) : result === null ? (
              <Text id="selfcheck-result">{t('selfcheck.noSamples')}</Text>
            ) : (
              <>
                <Group justify="space-between" align="baseline">
                  <Title order={2} size="h3" id="selfcheck-result">
                    {t('selfcheck.roundTrip', { ms: fmt(result) })}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {t('selfcheck.samples', {
                      count: state.samples.length,
                      min: fmt(Math.min(...state.samples)),
                      max: fmt(Math.max(...state.samples)),
                    })}
                  </Text>
                </Group>
                <SelfcheckVerdictPanel roundTripMs={result} samples={state.samples} connection={connection} />
                <RttChart
                  samples={state.samples}
                  median={result}
                  label={t('selfcheck.chart')}
                  format={fmt}
                  axisLabel={t('selfcheck.axis')}
                />
                <Text size="xs" c="dimmed">
                  {t('selfcheck.medianLine')}
                </Text>
              </>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
