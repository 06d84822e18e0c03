import type { FilledTemplate } from '../../modules/subscriptions/platform-senders.ts';

/**
 * A template parameter as WhatsApp takes it: no new line, tab or more than four spaces in a row (error 132018),
 * so a notification's lines are joined with " · ".
 */
export function templateParamText(value: string): string {
  return value
    .split(/[\r\n\t]+/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join(' · ')
    .replace(/ {4,}/g, '   ');
}

/**
 * The approved message template WhatsApp takes outside the 24-hour window: its name and language as approved,
 * its body parameters {{1}}, {{2}}… as text (PLATFORM-NOTES.md).
 */
export function renderTemplate(template: FilledTemplate) {
  return {
    type: 'template' as const,
    template: {
      name: template.name,
      language: { code: template.language },
      ...(template.params.length > 0 && {
        components: [
          {
            type: 'body',
            parameters: template.params.map((text) => ({ type: 'text', text: templateParamText(text) })),
          },
        ],
      }),
    },
  };
}
