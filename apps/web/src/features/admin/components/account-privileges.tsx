import { useEffect, useState } from 'react';
import { Button, Checkbox, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/CheckboxCard.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import { useTranslation } from 'react-i18next';
import type { AdminAccount } from '@tutti/contract/account-admin';
import { PrivilegeNameSchema, type PrivilegeName } from '@tutti/contract/accounts';
import { FormAlert } from '../../../components/ui/form-alert';
import { SectionCard } from '../../../components/ui/section-card';
import { errorText } from '../../../lib/error-text';
import { useSetPrivileges } from '../api/accounts';
import { ADMIN_NS } from '../translations';

const PRIVILEGES = PrivilegeNameSchema.options;

/** The privileges to grant or remove: CORE_GUEST is every account's, the address lists' own cannot be unticked. */
export function AccountPrivileges({ account }: { account: AdminAccount }) {
  const { t } = useTranslation(ADMIN_NS);
  const { t: tc } = useTranslation();
  const save = useSetPrivileges(account.id);
  const [chosen, setChosen] = useState<string[]>(account.privileges);
  useEffect(() => setChosen(account.privileges), [account.privileges]);
  const changed = [...chosen].sort().join() !== [...account.privileges].sort().join();

  return (
    <SectionCard title={t('account.privileges')}>
      <Text size="sm" c="dimmed">
        {t('account.privilegesHelp')}
      </Text>
      <Stack gap="xs">
        {PRIVILEGES.map((p) => {
          const listed = account.listedPrivileges.includes(p);
          const fixed = p === 'CORE_GUEST' || (listed && account.privileges.includes(p));
          return (
            <Checkbox
              key={p}
              label={`${t(`account.privilege.${p}`)} (${p})`}
              description={listed ? t('account.fromList') : undefined}
              checked={p === 'CORE_GUEST' || chosen.includes(p)}
              disabled={fixed || save.isPending}
              onChange={(event) => {
                const on = event.currentTarget.checked;
                setChosen((c) => (on ? [...c, p] : c.filter((x) => x !== p)));
                save.reset();
              }}
            />
          );
        })}
      </Stack>
      {save.isError && <FormAlert kind="error">{errorText(tc, save.error)}</FormAlert>}
      {save.isSuccess && !changed && <FormAlert kind="success">{t('account.privilegesSaved')}</FormAlert>}
      <div>
        <Button
          onClick={() => save.mutate(chosen.filter((p): p is PrivilegeName => PRIVILEGES.includes(p as PrivilegeName)))}
          disabled={!changed}
          loading={save.isPending}
        >
          {t('account.savePrivileges')}
        </Button>
      </div>
    </SectionCard>
  );
}
