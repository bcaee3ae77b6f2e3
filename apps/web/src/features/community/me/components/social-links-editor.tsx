import { ActionIcon, Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useSocialNetworks } from '../../api/reference';
import { SOCIAL_LINKS_MAX } from '../limits';
import { PROFILE_NS } from '../translations';
import { emptyLink, type ProfileFormValues } from './form-model';
import { RemoveIcon } from './remove-icon';

/** Rows of (network, address), up to SOCIAL_LINKS_MAX; each row shows its own errors, the server's included. */
export function SocialLinksEditor({ form }: { form: UseFormReturnType<ProfileFormValues> }) {
  const { t } = useTranslation(PROFILE_NS);
  const networks = useSocialNetworks();
  const rows = form.getValues().socialLinks;
  const data = (networks.data ?? []).map((n) => ({ value: n.id, label: n.name }));
  const listError = form.errors['socialLinks'];

  return (
    <Stack gap="sm">
      {rows.map((row, index) => {
        const prefix = networks.data?.find((n) => n.id === row.network)?.urlPrefix;
        return (
          <Paper key={row.key} withBorder radius="md" p="sm">
            <Group align="flex-start" gap="sm" wrap="nowrap">
              <Group align="flex-start" gap="sm" grow style={{ flex: 1 }} preventGrowOverflow={false} wrap="wrap">
                <Select
                  label={t('form.network')}
                  data={data}
                  searchable
                  miw={160}
                  allowDeselect={false}
                  {...form.getInputProps(`socialLinks.${index}.network`)}
                />
                <TextInput
                  label={t('form.url')}
                  type="url"
                  inputMode="url"
                  placeholder={prefix || 'https://'}
                  miw={200}
                  {...form.getInputProps(`socialLinks.${index}.url`)}
                />
              </Group>
              <ActionIcon
                variant="subtle"
                color="gray"
                mt={26}
                size="lg"
                aria-label={t('form.removeLink', { index: index + 1 })}
                onClick={() => form.removeListItem('socialLinks', index)}
              >
                <RemoveIcon />
              </ActionIcon>
            </Group>
          </Paper>
        );
      })}
      {listError && (
        <Text c="red.8" size="sm" role="alert">
          {listError}
        </Text>
      )}
      <Group gap="sm">
        <Button
          variant="light"
          onClick={() => form.insertListItem('socialLinks', emptyLink())}
          disabled={rows.length >= SOCIAL_LINKS_MAX}
        >
          {t('form.addLink')}
        </Button>
        {rows.length >= SOCIAL_LINKS_MAX && (
          <Text size="sm" c="dimmed">
            {t('form.linksMax', { max: SOCIAL_LINKS_MAX })}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
