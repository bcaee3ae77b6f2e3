import { useState } from 'react';
import { Button, Paper, Stack } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { CurrentUser } from '@tutti/contract/accounts';
import { FormAlert } from '../../../../components/ui/form-alert';
import { useCurrentUser } from '../../../../lib/session';
import { useTitle } from '../../../../lib/use-title';
import { useMyProfile } from '../api/my-profile';
import { ProfileDetails } from '../../components/profile-details';
import { ProfileEditForm } from '../components/profile-edit-form';
import { ProfileHeader } from '../components/profile-header';
import { LoadError } from '../../../../components/ui/load-error';
import { ProfileSkeleton } from '../components/profile-skeleton';
import { UnderAgeCard } from '../components/under-age-card';
import { PROFILE_NS } from '../translations';

/** The edit mode lives in the URL (/me?edit=1), so a reload keeps it. */
const EDIT_PARAM = 'edit';

/** /me: my musician profile (SPEC section 3, User), in view or edit mode; under 13, my account and when it opens. */
export function MyProfilePage() {
  const user = useCurrentUser();
  const { t } = useTranslation(PROFILE_NS);
  const [params] = useSearchParams();
  const editing = params.get(EDIT_PARAM) === '1' && user?.eligibleToSocial === true;
  useTitle(editing ? t('editTitle') : t('title'));
  if (!user) return null;
  if (!user.eligibleToSocial) return <UnderAgeCard user={user} />;
  return <OwnProfile user={user} editing={editing} />;
}

function OwnProfile({ user, editing }: { user: CurrentUser; editing: boolean }) {
  const { t } = useTranslation(PROFILE_NS);
  const [, setParams] = useSearchParams();
  const profile = useMyProfile(user.username);
  const [saved, setSaved] = useState(false);

  if (profile.isError && !profile.data)
    return <LoadError text={t('loadError')} onRetry={() => void profile.refetch()} />;
  if (!profile.data) return <ProfileSkeleton />;

  const leaveEdit = (wasSaved: boolean) => {
    setSaved(wasSaved);
    setParams({}, { replace: false });
    window.scrollTo?.({ top: 0 });
  };

  if (editing) {
    return (
      <ProfileEditForm
        profile={profile.data}
        user={user}
        onSaved={() => leaveEdit(true)}
        onCancel={() => leaveEdit(false)}
      />
    );
  }

  return (
    <Stack gap="lg">
      {saved && <FormAlert kind="success">{t('form.saved')}</FormAlert>}
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} pb="lg">
        <ProfileHeader
          profile={profile.data}
          action={
            <Button component={Link} to={`?${EDIT_PARAM}=1`} onClick={() => setSaved(false)}>
              {t('edit')}
            </Button>
          }
        />
      </Paper>
      <ProfileDetails profile={profile.data} />
    </Stack>
  );
}
