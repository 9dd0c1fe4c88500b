import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconLayoutList } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BlockRow, blockName, ColumnBlocks, SortableBlock } from './template-canvas-block';
import type { TemplateEditorState } from './use-template-editor';

/**
 * The canvas: the design's blocks in order, each selectable, with its actions; the top-level
 * blocks sortable by their handle with the pointer or the keyboard (dnd-kit, with its
 * screen-reader instructions and announcements in the reader's language); a two-column block
 * shows its columns, side by side when the canvas is wide enough.
 */
export function TemplateCanvas({ editor }: { editor: TemplateEditorState }) {
  const { t } = useTranslation('email-templates');
  const { design, readOnly } = editor;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    // A block moved with the arrow keys past the middle of the window moves by scrolling the page
    // under it; scrolled at once (not smoothly), so it is over its new place before the next key.
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates, scrollBehavior: 'auto' }),
  );
  const position = (id: UniqueIdentifier) => design.blocks.findIndex((b) => b.id === id) + 1;
  const nameOf = (id: UniqueIdentifier) => {
    const index = design.blocks.findIndex((b) => b.id === id);
    const block = design.blocks[index];
    return block ? blockName(t, block, index) : '';
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('canvas.dragStart', { name: nameOf(active.id), position: position(active.id) }),
    onDragOver: ({ over }) => (over ? t('canvas.dragOver', { position: position(over.id) }) : t('canvas.dragOutside')),
    onDragEnd: ({ over }) => (over ? t('canvas.dragEnd', { position: position(over.id) }) : t('canvas.dragCancel')),
    onDragCancel: () => t('canvas.dragCancel'),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over) editor.actions.reorder(String(active.id), String(over.id));
  };
  const designError = editor.errorOf('design.blocks') ?? editor.errorOf('design');

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="template-canvas-title">
      <Title order={2} fz="lg" id="template-canvas-title" mb="xs">
        {t('canvas.title')}
      </Title>
      <Text fz="xs" c="dimmed" mb="sm" id="template-canvas-help">
        {t('canvas.help')}
      </Text>
      {designError ? (
        <Text c="red" fz="sm" mb="xs" role="alert">
          {designError}
        </Text>
      ) : null}
      {design.blocks.length === 0 ? (
        <Paper withBorder p="lg" radius="sm" style={{ borderStyle: 'dashed' }}>
          <Stack gap={4} align="center">
            <IconLayoutList size={28} aria-hidden="true" />
            <Text fw={600}>{t('canvas.emptyTitle')}</Text>
            <Text fz="sm" c="dimmed" ta="center">
              {t('canvas.emptyText')}
            </Text>
          </Stack>
        </Paper>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ screenReaderInstructions: { draggable: t('canvas.dragInstructions') }, announcements }}
        >
          <SortableContext items={design.blocks.map((b) => b.id)} strategy={verticalListSortingStrategy}>
            <Stack
              gap="xs"
              component="ol"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
              aria-labelledby="template-canvas-title"
            >
              {design.blocks.map((block, index) => (
                <SortableBlock
                  key={block.id}
                  id={block.id}
                  selected={editor.selected === block.id}
                  readOnly={readOnly}
                  handleLabel={t('canvas.dragNamed', { name: blockName(t, block, index) })}
                >
                  <BlockRow editor={editor} block={block} index={index} count={design.blocks.length} />
                  {block.type === 'columns' ? (
                    <SimpleGrid type="container" cols={{ base: 1, '34rem': 2 }} spacing="xs" mt="xs">
                      <ColumnBlocks editor={editor} parent={block} side="left" />
                      <ColumnBlocks editor={editor} parent={block} side="right" />
                    </SimpleGrid>
                  ) : null}
                </SortableBlock>
              ))}
            </Stack>
          </SortableContext>
        </DndContext>
      )}
    </Paper>
  );
}
