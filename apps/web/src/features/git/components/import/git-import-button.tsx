import { Button } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GitImportWizard } from './git-import-wizard';

/** "Import from Excel": opens the import wizard for GIT's Excel export of an invoice batch. */
export function GitImportButton() {
  const { t } = useTranslation('git-import');
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconFileSpreadsheet size={16} aria-hidden="true" />}
        onClick={() => setOpened(true)}
      >
        {t('open')}
      </Button>
      <GitImportWizard opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
