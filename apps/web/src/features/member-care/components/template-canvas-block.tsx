import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { EMAIL_BLOCK_TYPES, type EmailBlock, type EmailBlockType } from '@fairway/shared';
import { ActionIcon, Button, Group, Menu, Paper, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconColumns2,
  IconCopy,
  IconGripVertical,
  IconHeading,
  IconLine,
  IconLink,
  IconPhoto,
  IconPlus,
  IconTextSize,
  IconTrash,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TemplateEditorState } from './use-template-editor';

export const BLOCK_ICONS: Record<EmailBlockType, typeof IconHeading> = {
  heading: IconHeading,
  text: IconTextSize,
  image: IconPhoto,
  button: IconLink,
  divider: IconLine,
  columns: IconColumns2,
};

/** The block's one-line summary on the canvas. */
function summaryOf(block: EmailBlock, t: (key: string) => string): string {
  switch (block.type) {
    case 'heading':
      return block.text || t('canvas.empty');
    case 'text':
      return (
        block.html
          .replace(/<[^>]*>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim() || t('canvas.empty')
      );
    case 'image':
      return block.alt || block.src || t('canvas.noImage');
    case 'button':
      return block.label || t('canvas.empty');
    case 'divider':
      return '—';
    case 'columns':
      return '';
  }
}

interface BlockRowProps {
  editor: TemplateEditorState;
  block: EmailBlock;
  index: number;
  count: number;
}

/** The block's name on the canvas: "Heading 2". */
export const blockName = (t: (key: string) => string, block: EmailBlock, index: number) =>
  `${t(`blocks.${block.type}`)} ${index + 1}`;

/** Move up, move down, duplicate and remove, each named with the block. */
function BlockActions({ editor, block, index, count }: BlockRowProps) {
  const { t } = useTranslation('email-templates');
  const name = blockName(t, block, index);
  const { readOnly, actions } = editor;
  const action = (key: string, icon: ReactNode, onClick: () => void, disabled: boolean, color = 'gray') => (
    <Tooltip label={t(`canvas.${key}`)}>
      <ActionIcon
        variant="subtle"
        color={color}
        onClick={onClick}
        disabled={readOnly || disabled}
        aria-label={t(`canvas.${key}Named`, { name })}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
  return (
    <Group gap={2} wrap="nowrap">
      {action('moveUp', <IconArrowUp size={16} aria-hidden="true" />, () => actions.move(block.id, -1), index === 0)}
      {action('moveDown', <IconArrowDown size={16} aria-hidden="true" />, () => actions.move(block.id, 1), index === count - 1)}
      {action('duplicate', <IconCopy size={16} aria-hidden="true" />, () => actions.duplicate(block.id), false)}
      {action('remove', <IconTrash size={16} aria-hidden="true" />, () => actions.remove(block.id), false, 'red')}
    </Group>
  );
}

/** The block's summary, which selects it and opens its settings. */
function BlockButton({ editor, block, index }: Omit<BlockRowProps, 'count'>) {
  const { t } = useTranslation('email-templates');
  const Icon = BLOCK_ICONS[block.type];
  const summary = summaryOf(block, t);
  return (
    <UnstyledButton
      onClick={() => editor.actions.select(block.id)}
      aria-pressed={editor.selected === block.id}
      aria-label={`${blockName(t, block, index)}: ${summary || t(`blocks.${block.type}`)}`}
      style={{ flex: '1 1 8rem', minWidth: 0 }}
    >
      <Group gap="xs" wrap="nowrap">
        <Icon size={18} aria-hidden="true" style={{ flexShrink: 0 }} />
        <Text fz="sm" truncate fw={block.type === 'heading' ? 700 : 400}>
          {block.type === 'columns' ? t('blocks.columns') : summary}
        </Text>
        {editor.hasErrors(block.id) ? (
          <Text fz="xs" c="red" fw={600}>
            {t('canvas.hasErrors')}
          </Text>
        ) : null}
      </Group>
    </UnstyledButton>
  );
}

/**
 * A block's row: its summary and its actions. The actions go under the summary when the row is
 * narrow (a block in a column), so the summary keeps room to be read.
 */
export function BlockRow(props: BlockRowProps) {
  return (
    <Group gap={4} wrap="wrap" justify="flex-end">
      <BlockButton {...props} />
      <BlockActions {...props} />
    </Group>
  );
}

/** One column of a two-column block: its blocks, and a menu that adds one to it. */
export function ColumnBlocks({
  editor,
  parent,
  side,
}: {
  editor: TemplateEditorState;
  parent: Extract<EmailBlock, { type: 'columns' }>;
  side: 'left' | 'right';
}) {
  const { t } = useTranslation('email-templates');
  const blocks = parent[side];
  return (
    <Paper withBorder p="xs" radius="sm" style={{ borderStyle: 'dashed' }}>
      <Stack gap={6}>
        <Text fz="xs" c="dimmed" fw={600}>
          {t(`canvas.${side}`)}
        </Text>
        {blocks.length === 0 ? (
          <Text fz="xs" c="dimmed">
            {t('canvas.columnEmpty')}
          </Text>
        ) : (
          blocks.map((inner, index) => (
            <Paper
              key={inner.id}
              withBorder
              p={6}
              radius="sm"
              style={editor.selected === inner.id ? { outline: '2px solid var(--mantine-primary-color-filled)' } : undefined}
            >
              <BlockRow editor={editor} block={inner} index={index} count={blocks.length} />
            </Paper>
          ))
        )}
        {editor.readOnly ? null : (
          <Menu withinPortal position="bottom-start">
            <Menu.Target>
              <Button size="compact-xs" variant="subtle" leftSection={<IconPlus size={14} aria-hidden="true" />}>
                {t('canvas.addTo', { column: t(`canvas.${side}`) })}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {EMAIL_BLOCK_TYPES.filter((type) => type !== 'columns').map((type) => (
                <Menu.Item key={type} onClick={() => editor.actions.add(type, { parent: parent.id, side })}>
                  {t(`blocks.${type}`)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * A top-level block on the canvas, sortable: dragged by its handle with the pointer, or with the
 * keyboard (Space on the focused handle, the arrow keys, Space to drop, Escape to cancel).
 */
export function SortableBlock({
  id,
  selected,
  readOnly,
  handleLabel,
  children,
}: {
  id: string;
  selected: boolean;
  readOnly: boolean;
  handleLabel: string;
  children: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled: readOnly,
  });
  return (
    <Paper
      component="li"
      ref={setNodeRef}
      withBorder
      p="xs"
      radius="sm"
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        opacity: isDragging ? 0.7 : 1,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
        outline: selected ? '2px solid var(--mantine-primary-color-filled)' : undefined,
      }}
    >
      <Group gap={4} wrap="nowrap" align="flex-start">
        {readOnly ? null : (
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            {...attributes}
            {...listeners}
            aria-label={handleLabel}
            style={{ cursor: 'grab', touchAction: 'none' }}
          >
            <IconGripVertical size={16} aria-hidden="true" />
          </ActionIcon>
        )}
        <div style={{ flex: 1, minWidth: 0 }}>{children}</div>
      </Group>
    </Paper>
  );
}
