import { Button, Menu, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Menu.css';
import { useTranslation } from 'react-i18next';
import { ChevronDown } from '../../components/ui/chevron-down';
import { getRuntimeConfig } from '../../lib/runtime-config';
import { onTutorialClick } from './open-tutorial';

/**
 * The signed-in header's Help dropdown (SPEC section 2): the tutorial, in its video modal, and the online help, in a
 * new tab. The footer offers the same two entries; this one is at hand without scrolling.
 */
export function HelpMenu() {
  const { t } = useTranslation();
  const { helpUrl, tutorialUrl } = getRuntimeConfig();
  return (
    <Menu position="bottom-end" width={200} shadow="md" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button variant="subtle" rightSection={<ChevronDown />} aria-label={t('nav.helpMenu')}>
          {t('nav.help')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {tutorialUrl ? (
          <Menu.Item component="a" href={tutorialUrl} onClick={(event) => onTutorialClick(event, tutorialUrl)}>
            {t('footer.tutorial')}
          </Menu.Item>
        ) : (
          <Menu.Item onClick={(event) => onTutorialClick(event, tutorialUrl)}>{t('footer.tutorial')}</Menu.Item>
        )}
        <Menu.Item component="a" href={helpUrl} target="_blank" rel="noopener noreferrer">
          {t('footer.onlineHelp')}
          <VisuallyHidden> {t('footer.newTab')}</VisuallyHidden>
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
