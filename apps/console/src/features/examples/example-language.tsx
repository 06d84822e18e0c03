import { type CommandLang, commandLangs } from '@hiwar/contracts';
import { Badge, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface ExampleLanguageProps {
  lang: string;
  onChange: (lang: CommandLang) => void;
}

/**
 * The example's own language as a small chip (AR, EN, DE): the language its text is written in unless the
 * owner picked another here. Arabic senders are matched against the Arabic examples, and so on.
 */
export function ExampleLanguage({ lang, onChange }: ExampleLanguageProps) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Badge
          component="button"
          type="button"
          variant="outline"
          color="gray"
          size="sm"
          style={{ cursor: 'pointer' }}
          data-testid="example-lang"
          data-lang={lang}
          aria-label={t('examples.languageOf', {
            lang: t(`common.languages.${lang}`, { defaultValue: lang }),
          })}
        >
          {lang.toUpperCase()}
        </Badge>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('examples.language')}</Menu.Label>
        {commandLangs.map((code) => (
          <Menu.Item key={code} onClick={() => onChange(code)} data-testid={`example-lang-${code}`}>
            {t(`common.languages.${code}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
