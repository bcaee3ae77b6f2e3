import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@tutti/contract/accounts';
import { closeModal, openAppModal } from '../../components/ui/modal-host';
import { PING_INTERVAL_MS, pingOnline } from '../../features/me/api/ping';
import { closeBus, startBus } from '../../lib/use-bus';
import { ME_NS } from '../../lib/translations/me';

// Rarely needed (accounts without a birthdate), so its form code loads only then.
const BirthdatePrompt = lazy(async () => ({
  default: (await import('../../features/me/components/birthdate-prompt')).BirthdatePrompt,
}));

// Invitations reach every signed-in page (a toast; the header's badge counts them).
const InvitationNotices = lazy(async () => ({
  default: (await import('../../features/sessions/invitation-notices')).InvitationNotices,
}));

// Who blocked me (the social age only): hidden from what a page shows, reloaded when it changes.
const BlockedByRuntime = lazy(async () => ({
  default: (await import('../../features/community/blocked-by')).BlockedByRuntime,
}));

// My private messages, live (the social age only): the header's count, the threads, a toast for a new one.
const MessagesRuntime = lazy(async () => ({
  default: (await import('../../features/messages/messages-runtime')).MessagesRuntime,
}));

// The link to the audio client: its store and the MQTT client load after the page, for signed-in users only.
const NalsRuntime = lazy(async () => ({
  default: (await import('../../features/nals/components/nals-runtime')).NalsRuntime,
}));

/** What runs while someone is signed in: the online ping, the live bus, the audio client's link, the birthdate prompt. */
export function SignedInEffects({ user }: { user: CurrentUser }) {
  const { t } = useTranslation(ME_NS);
  const prompted = useRef<string | null>(null);

  useEffect(() => {
    const ping = () => void pingOnline().catch(() => undefined); // a missed ping only delays "online"
    ping();
    const timer = window.setInterval(ping, PING_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [user.id]);

  useEffect(() => {
    startBus();
    // Leaving the page closes the bus; a page restored from the back-forward cache connects it again.
    const onPageHide = () => closeBus();
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) startBus();
    };
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      closeBus();
    };
  }, [user.id]);

  const needsBirthdate = user.birthdate === null;
  useEffect(() => {
    // Once per page load and user: closing the prompt is allowed, it comes back on the next visit.
    if (!needsBirthdate || prompted.current === user.id) return;
    prompted.current = user.id;
    const modalId = `birthdate-${user.id}`;
    openAppModal({
      modalId,
      size: 'small',
      title: t('birthdate.title'),
      children: (
        <Suspense fallback={null}>
          <BirthdatePrompt onDone={() => closeModal(modalId)} />
        </Suspense>
      ),
    });
  }, [needsBirthdate, user.id, t]);

  return (
    <Suspense fallback={null}>
      <NalsRuntime user={user} />
      <InvitationNotices userId={user.id} />
      {user.eligibleToSocial && <BlockedByRuntime userId={user.id} />}
      {user.eligibleToSocial && <MessagesRuntime userId={user.id} />}
    </Suspense>
  );
}
