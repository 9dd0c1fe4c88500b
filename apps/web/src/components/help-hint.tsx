import { ActionIcon, Popover, Text } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHelpText } from './help/get-help-texts';

export interface HelpHintProps {
  /** The help text's key (apps/server/src/db/seed/help-content.ts), e.g. `receipts.list`. */
  helpKey: string;
  /** What the hint explains (a page title or a field label), for the button's accessible name. */
  topic: string;
}

/**
 * A small "?" button beside a page title or a field that opens the contextual help text the
 * platform admins keep (GET helptexts). Nothing is shown while the texts load, when the call
 * fails, or when there is no text for the key. A button, so it is reached by Tab; Enter or Space
 * opens it, Escape or a click outside closes it and focus returns to the button.
 */
export function HelpHint({ helpKey, topic }: HelpHintProps) {
  const { t } = useTranslation('common');
  const text = useHelpText(helpKey);
  const [opened, setOpened] = useState(false);
  if (!text) return null;
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      width={320}
      position="bottom-start"
      withArrow
      shadow="md"
      returnFocus
      closeOnEscape
    >
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          radius="xl"
          aria-label={t('helpHint.label', { topic })}
          data-help-key={helpKey}
          onClick={() => setOpened((o) => !o)}
          // Focus stays on the button when it opens, so Escape must close it from here too.
          onKeyDown={(event) => {
            if (event.key === 'Escape' && opened) {
              event.stopPropagation();
              setOpened(false);
            }
          }}
        >
          <IconHelpCircle size={18} aria-hidden="true" />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown aria-label={t('helpHint.label', { topic })}>
        <Text fz="sm" data-testid="help-hint-text">
          {text}
        </Text>
      </Popover.Dropdown>
    </Popover>
  );
}
