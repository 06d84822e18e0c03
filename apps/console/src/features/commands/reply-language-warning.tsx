import { Alert, Anchor, Stack } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCommandResponse } from '../../lib/command-response-api.ts';
import { useExamples } from '../examples/index.ts';
import { languagesWithoutReply } from './reply-languages.ts';

interface ReplyLanguageWarningProps {
  commandId: number;
  commandLang: string;
  /** the command's response tab */
  responsePath: string;
}

/** Warns when the command understands a language its reply is not written in ("Arabic senders will get…"). */
export function ReplyLanguageWarning({ commandId, commandLang, responsePath }: ReplyLanguageWarningProps) {
  const { t } = useTranslation();
  const examples = useExamples(commandId);
  const reply = useCommandResponse(commandId);
  if (!examples.data || !reply.data) return null;
  const missing = languagesWithoutReply(reply.data, commandLang, examples.data);
  if (missing.length === 0) return null;
  const languageName = (lang: string) => t(`common.languages.${lang}`, { defaultValue: lang });
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconLanguage size={18} />}
      data-testid="reply-language-warning"
    >
      <Stack gap={4}>
        {missing.map((lang) => (
          <span key={lang} data-lang={lang}>
            {t('commands.replyLanguageMissing', {
              lang: languageName(lang),
              commandLang: languageName(commandLang),
            })}{' '}
            <Anchor component={Link} to={responsePath} size="sm">
              {t('commands.addReplyVersion', { lang: languageName(lang) })}
            </Anchor>
          </span>
        ))}
      </Stack>
    </Alert>
  );
}
