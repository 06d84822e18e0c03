import { Menu } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../lib/language.ts';
import { useLanguage } from '../use-language.ts';
import { LanguageButton } from './menu-buttons.tsx';

const choices: { language: Language; labelKey: string }[] = [
  { language: 'en', labelKey: 'header.english' },
  { language: 'ar', labelKey: 'header.arabic' },
];

export function LanguageMenu() {
  const { t } = useTranslation();
  const { language, changeLanguage } = useLanguage();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <LanguageButton data-testid="language-menu" />
      </Menu.Target>
      <Menu.Dropdown>
        {choices.map((choice) => (
          <Menu.Item
            key={choice.language}
            lang={choice.language}
            data-testid={`lang-${choice.language}`}
            rightSection={choice.language === language ? <IconCheck size={16} /> : null}
            onClick={() => void changeLanguage(choice.language)}
          >
            {t(choice.labelKey)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
