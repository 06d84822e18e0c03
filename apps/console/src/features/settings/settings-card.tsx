import { Alert, Button, Card, Group, Stack, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface SettingsCardProps {
  testId: string;
  title: string;
  submitLabel: string;
  isSaving: boolean;
  failure: string | null;
  onDismissFailure: () => void;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
  /** what the card holds below its form, saved by its own calls (the support card's departments) */
  after?: ReactNode;
}

/** A settings card: title, the card's failure alert, its fields and its own save button (then `after`). */
export function SettingsCard(props: SettingsCardProps) {
  const { t } = useTranslation();
  return (
    <Card component="section" aria-label={props.title} data-testid={props.testId} shadow="xs">
      <form onSubmit={props.onSubmit} noValidate>
        <Stack gap="md">
          <Title order={3} fz="h4">
            {props.title}
          </Title>
          {props.failure && (
            <Alert
              color="red"
              variant="light"
              role="alert"
              withCloseButton
              closeButtonLabel={t('common.dismiss')}
              onClose={props.onDismissFailure}
            >
              {props.failure}
            </Alert>
          )}
          {props.children}
          <Group justify="flex-end">
            <Button type="submit" loading={props.isSaving}>
              {props.submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
      {props.after}
    </Card>
  );
}
