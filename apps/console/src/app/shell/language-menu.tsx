import { Button, Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../lib/language.ts';
import { useLanguage } from '../use-language.ts';

const choices: { language: Language; labelKey: string }[] = [
  { language: 'en', labelKey: 'header.english' },
  { language: 'ar', labelKey: 'header.arabic' },
];

export function LanguageMenu() {
  const { t } = useTranslation();
  const { language, changeLanguage } = useLanguage();
  const current = choices.find((choice) => choice.language === language) ?? choices[0]!;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconLanguage size={18} />}
          aria-label={t('header.language')}
          data-testid="language-menu"
        >
          {t(current.labelKey)}
        </Button>
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
