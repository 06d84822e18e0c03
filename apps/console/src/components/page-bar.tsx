import { Group, Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface PageBarProps {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
  testId: string;
}

/** The numbered page bar under a list; hidden while everything fits on one page. */
export function PageBar({ page, pageCount, onChange, testId }: PageBarProps) {
  const { t } = useTranslation();
  return (
    <Group justify="center">
      <Pagination
        total={pageCount}
        value={Math.min(page, Math.max(pageCount, 1))}
        onChange={onChange}
        hideWithOnePage
        data-testid={testId}
        getControlProps={(control) => ({ 'aria-label': t(`services.pageBar.${control}`) })}
        getItemProps={(item) => ({ 'aria-label': t('services.pageBar.page', { page: item }) })}
      />
    </Group>
  );
}
