import { Button, Group } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportMenu } from './export-menu.tsx';
import { ImportModal } from './import-modal.tsx';

interface DatasetTransferButtonsProps {
  datasetId: number;
  datasetName: string;
  /** after an import, e.g. to reload the records grid */
  onImported: () => void;
}

/** The data tab's Import and Export buttons: records from a CSV or JSON file, and back out as one. */
export function DatasetTransferButtons({ datasetId, datasetName, onImported }: DatasetTransferButtonsProps) {
  const { t } = useTranslation();
  const [isImportOpen, setImportOpen] = useState(false);
  return (
    <Group gap="xs">
      <Button variant="default" leftSection={<IconUpload size={16} />} onClick={() => setImportOpen(true)}>
        {t('datasets.transfer.import')}
      </Button>
      <ExportMenu datasetId={datasetId} datasetName={datasetName} />
      <ImportModal
        datasetId={datasetId}
        opened={isImportOpen}
        onClose={() => setImportOpen(false)}
        onImported={onImported}
      />
    </Group>
  );
}
