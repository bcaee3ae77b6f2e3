import { Anchor, List, Text, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/List.css';
import { useTranslation } from 'react-i18next';
import { openAppModal } from '../../components/ui/modal-host';
import { addTranslations, i18n } from '../../lib/i18n';
import en from '../../locales/en/tutorial.json';
import fr from '../../locales/fr/tutorial.json';

// The tutorial's words load with it, on its first opening (the login page's budget).
addTranslations('tutorial', { en, fr });

const TUTORIAL_STEPS = ['signup', 'hall', 'preferences', 'devices', 'audio'] as const;

/** The tutorial modal: the first steps in Tutti, and the configured tutorial (video or page) when there is one. */
export function TutorialBody({ url }: { url: string | null }) {
  const { t } = useTranslation('tutorial');
  const { t: tc } = useTranslation();
  return (
    <>
      <Text mb="md">{t('intro')}</Text>
      <List type="ordered" spacing="md" mb={url ? 'lg' : 0}>
        {TUTORIAL_STEPS.map((step) => (
          <List.Item key={step}>
            <Text fw={700}>{t(`steps.${step}.title`)}</Text>
            <Text size="sm">{t(`steps.${step}.body`)}</Text>
          </List.Item>
        ))}
      </List>
      {url && (
        <Anchor href={url} target="_blank" rel="noopener noreferrer" fw={600}>
          {t('open')}
          <VisuallyHidden> {tc('footer.newTab')}</VisuallyHidden>
        </Anchor>
      )}
    </>
  );
}

/** Opens the tutorial (SPEC section 2: the footer's Tutorial entry), in a bright modal: it presents a video. */
export function openTutorial(url: string | null): void {
  openAppModal({
    title: i18n.t('title', { ns: 'tutorial' }),
    size: 'medium',
    bright: true,
    children: <TutorialBody url={url} />,
  });
}
