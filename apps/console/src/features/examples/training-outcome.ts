import type { LastTraining } from '@hiwar/contracts';
import type { TFunction } from 'i18next';
import { formatNumber } from '../../lib/format-number.ts';

/** How long a training took, from Train to its end: "12 s", "2 min 5 s" ("12 ث" in Arabic). */
export function formatTrainingDuration(milliseconds: number, t: TFunction, language: string): string {
  const format = (value: number) => formatNumber(value, language);
  const totalSeconds = Math.max(1, Math.round(milliseconds / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  if (minutes === 0) return t('examples.duration.seconds', { seconds: format(seconds) });
  if (seconds === 0) return t('examples.duration.minutes', { minutes: format(minutes) });
  return t('examples.duration.minutesAndSeconds', { minutes: format(minutes), seconds: format(seconds) });
}

/** The toast that ends a training the owner watched: finished in how long, or failed and why. */
export function trainingOutcomeToast(training: LastTraining, t: TFunction, language: string) {
  const tookMs = Date.parse(training.finished_at) - Date.parse(training.queued_at);
  const duration = formatTrainingDuration(Number.isFinite(tookMs) ? tookMs : 0, t, language);
  if (training.status === 'done')
    return { color: 'green', message: t('examples.trainingFinished', { duration }) };
  return {
    color: 'red',
    title: t('examples.trainingFailed', { duration }),
    message: training.error || t('examples.somethingWentWrong'),
    autoClose: false as const,
  };
}
