import { useTranslation } from 'react-i18next';

/** A message language's name; `other` is what the traffic counts shared locations under. */
export function useLanguageName() {
  const { t } = useTranslation();
  return (lang: string) =>
    lang === 'other'
      ? t('dashboard.traffic.otherLanguage')
      : t(`common.languages.${lang}`, { defaultValue: lang });
}
