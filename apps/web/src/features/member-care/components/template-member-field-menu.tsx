import { type Lang, MEMBER_FIELD_LABELS, MEMBER_FIELDS, placeholderOf } from '@fairway/shared';
import { Button, Menu } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** "Member field": a menu of MEMBER_FIELDS that puts `{{field}}` where the cursor is. */
export function MemberFieldMenu({ onPick, compact = false }: { onPick: (placeholder: string) => void; compact?: boolean }) {
  const { t, i18n } = useTranslation('email-templates');
  const lang: Lang = i18n.language === 'en' ? 'en' : 'sv';
  return (
    <Menu withinPortal position="bottom-end" shadow="md">
      <Menu.Target>
        <Button
          variant="default"
          size={compact ? 'compact-sm' : 'xs'}
          leftSection={<IconUserPlus size={14} aria-hidden="true" />}
        >
          {t('fields.memberField')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {MEMBER_FIELDS.map((field) => (
          <Menu.Item key={field} onClick={() => onPick(placeholderOf(field))}>
            {MEMBER_FIELD_LABELS[field][lang]} <span style={{ opacity: 0.6 }}>{placeholderOf(field)}</span>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
