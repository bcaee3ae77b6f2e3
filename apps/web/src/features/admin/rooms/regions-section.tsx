import { useState, type FormEvent } from 'react';
import { Button, Group, NumberInput, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Title.css';
import { useTranslation } from 'react-i18next';
import type { Region } from '@tutti/contract/servers';
import { FormAlert } from '../../../components/ui/form-alert';
import { AdminTable } from '../../../components/ui/admin-table';
import { openConfirmModal } from '../../../components/ui/modal-host';
import { ApiError } from '../../../lib/api-error';
import { errorText, fieldErrorText } from '../../../lib/error-text';
import { useCreateRegion, useDeleteRegion, useRegions } from '../api/rooms';
import { ADMIN_NS } from '../translations';

const EMPTY = { code: '', name: '', latitude: '' as number | string, longitude: '' as number | string };
type Field = keyof typeof EMPTY;

/** The regions room servers run in: listed, added (code, name, where), removed when no server is left in them. */
export function RegionsSection({ onNotice }: { onNotice: (kind: 'success' | 'error', text: string) => void }) {
  const { t } = useTranslation(ADMIN_NS);
  const { t: tc } = useTranslation();
  const regions = useRegions();
  const create = useCreateRegion();
  const remove = useDeleteRegion();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set = (field: Field, value: string | number) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = (Object.keys(EMPTY) as Field[]).filter((f) => String(values[f]).trim() === '');
    if (missing.length > 0) {
      setErrors(Object.fromEntries(missing.map((f) => [f, fieldErrorText(tc, 'required')])));
      return;
    }
    create.mutate(
      {
        code: values.code.trim(),
        name: values.name.trim(),
        latitude: Number(values.latitude),
        longitude: Number(values.longitude),
      },
      {
        onSuccess: (region) => {
          setValues(EMPTY);
          onNotice('success', t('rooms.regionAdded', { name: region.name }));
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          const fields = Object.entries(error.fields).filter(([f]) => f in EMPTY);
          if (error.code === 'CONFLICT') setErrors({ code: t('rooms.codeTaken') });
          else if (fields.length > 0)
            setErrors(Object.fromEntries(fields.map(([f, c]) => [f, fieldErrorText(tc, c ?? 'invalid')])));
        },
      },
    );
  };

  const onDelete = (region: Region) =>
    openConfirmModal({
      title: t('rooms.deleteRegionTitle', { name: region.name }),
      children: <Text>{t('rooms.deleteRegionBody')}</Text>,
      confirmLabel: t('rooms.deleteRegion'),
      danger: true,
      onConfirm: () =>
        remove.mutate(region.id, {
          onSuccess: () => onNotice('success', t('rooms.regionDeleted', { name: region.name })),
          onError: (error) => onNotice('error', errorText(tc, error)),
        }),
    });

  // A refusal about a field is said on it; anything else above the form.
  const failure =
    create.error instanceof ApiError &&
    (create.error.code === 'CONFLICT' || Object.keys(create.error.fields).some((f) => f in EMPTY))
      ? null
      : create.error;
  const list = (
    <AdminTable
      query={regions}
      label={t('rooms.regions')}
      loadError={t('rooms.loadError')}
      empty={t('rooms.noRegion')}
      minWidth={560}
      columns={[t('rooms.code'), t('rooms.name'), t('rooms.position'), t('rooms.actions')]}
      row={(region) => (
        <Table.Tr key={region.id}>
          <Table.Td ff="monospace">{region.code}</Table.Td>
          <Table.Td>{region.name}</Table.Td>
          <Table.Td>
            {region.latitude.toFixed(2)}, {region.longitude.toFixed(2)}
          </Table.Td>
          <Table.Td>
            <Button
              size="xs"
              color="red.9"
              variant="outline"
              onClick={() => onDelete(region)}
              aria-label={t('rooms.deleteRegionOf', { name: region.name })}
            >
              {t('rooms.delete')}
            </Button>
          </Table.Td>
        </Table.Tr>
      )}
    />
  );

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={2} size="h3">
          {t('rooms.regions')}
        </Title>
        {list}
        <form onSubmit={submit} noValidate aria-label={t('rooms.addRegion')}>
          <Stack gap="sm">
            {failure && <FormAlert kind="error">{errorText(tc, failure)}</FormAlert>}
            <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
              <TextInput
                label={t('rooms.code')}
                description={t('rooms.codeHelp')}
                value={values.code}
                error={errors.code}
                onChange={(e) => set('code', e.currentTarget.value)}
                required
              />
              <TextInput
                label={t('rooms.name')}
                description={t('rooms.nameHelp')}
                value={values.name}
                error={errors.name}
                onChange={(e) => set('name', e.currentTarget.value)}
                required
              />
              <NumberInput
                label={t('rooms.latitude')}
                description={t('rooms.latitudeHelp')}
                value={values.latitude}
                error={errors.latitude}
                onChange={(v) => set('latitude', v)}
                min={-90}
                max={90}
                decimalScale={4}
                required
                withAsterisk={false}
              />
              <NumberInput
                label={t('rooms.longitude')}
                description={t('rooms.longitudeHelp')}
                value={values.longitude}
                error={errors.longitude}
                onChange={(v) => set('longitude', v)}
                min={-180}
                max={180}
                decimalScale={4}
                required
                withAsterisk={false}
              />
            </SimpleGrid>
            <Group>
              <Button type="submit" loading={create.isPending}>
                {t('rooms.addRegion')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
