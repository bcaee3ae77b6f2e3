import { useId } from 'react';
import { Stack, Switch, Text } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Switch.css';
import { useTranslation } from 'react-i18next';
import { setChimeOn, useChimeOn } from '../chime';
import { SESSIONS_NS } from '../translations';

/** "Sound on join and leave": the rehearsal's chime, on by default, remembered in this browser. */
export function ChimeSwitch() {
  const { t } = useTranslation(SESSIONS_NS);
  const on = useChimeOn();
  const hintId = useId();
  // The hint describes the switch without joining its name (Mantine's own description sits inside the label).
  return (
    <Stack gap={2}>
      <Switch
        size="sm"
        checked={on}
        onChange={(event) => setChimeOn(event.currentTarget.checked)}
        label={t('details.chime')}
        aria-describedby={hintId}
      />
      <Text id={hintId} size="xs" c="dimmed" pl={46}>
        {t('details.chimeHint')}
      </Text>
    </Stack>
  );
}
