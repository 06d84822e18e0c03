import { nluMessages } from '@hiwar/contracts';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client.ts';
import { localizeCatalogueMessage } from '../../lib/contract-messages.ts';
import { checkTraining, isStillRunning, startTraining, type TrainingCheck } from './examples-api.ts';
import { trainingOutcomeToast } from './training-outcome.ts';
import { isWatchingTraining, stopWatchingTraining, watchTraining } from './training-watch.ts';

/** Spec §9: while training runs the server is asked every 10 s whether it is free again. */
export const TRAINING_POLL_MS = 10_000;

const trainingMessages = {
  trainingStarted: nluMessages.trainingStarted,
  stillRunning: nluMessages.stillRunning,
  free: nluMessages.free,
};

/** The server's msg for an answer with a status other than 1; "Something went wrong" when there was no answer. */
function failureText(error: unknown, somethingWentWrong: string): string {
  const isServerAnswer = error instanceof ApiError && !error.isNetworkFailure && error.httpStatus !== 404;
  return isServerAnswer && error.message ? error.message : somethingWentWrong;
}

/**
 * The Train button's state (spec §4): busy from the click until the server reports it is free, then a toast
 * says how the training ended (finished in how long, or why it failed). The state comes from the server: opening
 * the tab while a training runs — after navigating away and back, say — shows it busy and reports its end too.
 */
export function useTraining(commandId: number, isEnabled: boolean) {
  const { t, i18n } = useTranslation();
  const [isBusy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const isMounted = useRef(true);
  const localize = (text: string) => localizeCatalogueMessage(t, trainingMessages, 'examples.nlu', text);
  const showOutcome = useRef((_check: TrainingCheck) => {});
  // a training this tab saw queued or running gets one toast when it has ended
  showOutcome.current = (check) => {
    if (!isWatchingTraining()) return;
    stopWatchingTraining();
    if (check.lastTraining) notifications.show(trainingOutcomeToast(check.lastTraining, t, i18n.language));
  };

  const pollUntilFree = useCallback(() => {
    watchTraining();
    clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      // no answer counts as free, so a server that went away does not leave the button busy for ever
      const check = await checkTraining().catch(() => null);
      if (!isMounted.current) return;
      setBusy(check?.isBusy ?? false);
      if (check?.isBusy) return pollUntilFree();
      if (check) showOutcome.current(check);
      else stopWatchingTraining();
    }, TRAINING_POLL_MS);
  }, []);

  useEffect(() => {
    isMounted.current = true;
    if (isEnabled)
      checkTraining()
        .then((check) => {
          if (!isMounted.current) return;
          // ended while the owner was elsewhere: said now
          if (!check.isBusy) return showOutcome.current(check);
          setBusy(true);
          pollUntilFree();
        })
        .catch(() => {});
    return () => {
      isMounted.current = false;
      clearTimeout(timer.current);
    };
  }, [isEnabled, pollUntilFree]);

  const train = async () => {
    setBusy(true);
    try {
      const message = await startTraining(commandId);
      notifications.show({ color: 'green', message: localize(message || nluMessages.trainingStarted) });
      pollUntilFree();
    } catch (error) {
      const isRunning = isStillRunning(error);
      // a training already running: the button waits for it like for its own
      if (isRunning) pollUntilFree();
      else setBusy(false);
      notifications.show({
        color: isRunning ? 'yellow' : 'red',
        message: localize(failureText(error, t('examples.somethingWentWrong'))),
      });
    }
  };

  return { isBusy, train };
}
