import { Group, Select, TextInput } from '@mantine/core';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useSocialNetworks } from '../../api/reference';
import { SOCIAL_LINKS_MAX } from '../limits';
import { PROFILE_NS } from '../translations';
import { emptyLink, type ProfileFormValues } from './form-model';
import { EditableRows } from './list-rows';

/** Rows of (network, address), up to SOCIAL_LINKS_MAX; each row shows its own errors, the server's included. */
export function SocialLinksEditor({ form }: { form: UseFormReturnType<ProfileFormValues> }) {
  const { t } = useTranslation(PROFILE_NS);
  const networks = useSocialNetworks();
  const rows = form.getValues().socialLinks;
  const data = (networks.data ?? []).map((n) => ({ value: n.id, label: n.name }));
  const listError = form.errors['socialLinks'];

  return (
    <EditableRows
      rows={rows}
      keyOf={(row) => row.key}
      renderFields={(row, index) => {
        const prefix = networks.data?.find((n) => n.id === row.network)?.urlPrefix;
        return (
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
        );
      }}
      removeLabel={(index) => t('form.removeLink', { index: index + 1 })}
      onRemove={(index) => form.removeListItem('socialLinks', index)}
      listError={listError}
      addLabel={t('form.addLink')}
      onAdd={() => form.insertListItem('socialLinks', emptyLink())}
      max={SOCIAL_LINKS_MAX}
      maxText={t('form.linksMax', { max: SOCIAL_LINKS_MAX })}
    />
  );
}
