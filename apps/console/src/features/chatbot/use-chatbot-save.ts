import type { UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { serverFieldErrors } from '../../lib/form-errors.ts';
import { channelsStatusQueryKey, chatbotQueryKey, saveChatbot } from './chatbot-api.ts';
import { localizeChatbotErrors } from './chatbot-messages.ts';
import type { ChatbotValues } from './chatbot-values.ts';

/**
 * Save changes (spec §4, §8): the form's validate runs every child rule first and nothing is sent on any
 * failure; success toasts "successfully updated"; a refused or failed save shows "something not right" in an
 * error toast that stays until dismissed, with the server's field errors under their fields. Either way the page
 * scrolls to the first field with a message; a failed check also names it (section, row, field) in a toast. A
 * save reloads the channels' status too: the server connects a switched-on channel while saving.
 */
export function useChatbotSave(
  form: UseFormReturnType<ChatbotValues>,
  revealFirstInvalidField: (options?: { isAnnounced?: boolean }) => void,
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: saveChatbot,
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('chatbot.serverMessages.saved') });
      void queryClient.invalidateQueries({ queryKey: chatbotQueryKey });
      // the server connects a switched-on channel while saving: show what the platform answered
      void queryClient.invalidateQueries({ queryKey: channelsStatusQueryKey });
    },
    onError: (error) => {
      notifications.show({ color: 'red', message: t('chatbot.serverMessages.saveFailed'), autoClose: false });
      form.setErrors(localizeChatbotErrors(serverFieldErrors(error, t, 'chatbot_name'), t));
      revealFirstInvalidField({ isAnnounced: false });
    },
  });

  function save(): boolean {
    const result = form.validate();
    if (result.hasErrors) {
      revealFirstInvalidField();
      return false;
    }
    mutation.mutate(form.getValues());
    return true;
  }

  return { save, isSaving: mutation.isPending };
}
