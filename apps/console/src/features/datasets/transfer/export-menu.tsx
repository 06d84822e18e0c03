import { Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { downloadExport, type TransferFormat } from './transfer-api.ts';
import { transferFailureMessage } from './transfer-messages.ts';

/** Export → CSV or JSON: the records downloaded through the signed-in API client. */
export function ExportMenu({ datasetId, datasetName }: { datasetId: number; datasetName: string }) {
  const { t } = useTranslation();
  const download = useMutation({
    mutationFn: (format: TransferFormat) => downloadExport(datasetId, datasetName, format),
    onError: (error) => notifications.show({ color: 'red', message: transferFailureMessage(t, error) }),
  });
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          rightSection={<IconChevronDown size={14} />}
          loading={download.isPending}
        >
          {t('datasets.transfer.export')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => download.mutate('csv')}>{t('datasets.transfer.exportCsv')}</Menu.Item>
        <Menu.Item onClick={() => download.mutate('json')}>{t('datasets.transfer.exportJson')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
