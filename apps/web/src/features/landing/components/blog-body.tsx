import type { BlogBlock } from '@fairway/shared';
import { Alert, List, Text, Title } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * A post's text from its blocks (never HTML, so nothing a writer types runs as markup). The post's
 * title is the page's h1, so its headings are h2.
 */
export function BlogBody({ blocks }: { blocks: BlogBlock[] }) {
  const { t } = useTranslation('landing');
  return (
    <>
      {blocks.map((block, i) => {
        const key = `${i}-${block.type}`;
        switch (block.type) {
          case 'heading':
            return (
              <Title key={key} order={2} fz="h3" mt="xl" mb="sm">
                {block.text}
              </Title>
            );
          case 'paragraph':
            return (
              <Text key={key} fz="lg" lh={1.7} mb="md">
                {block.text}
              </Text>
            );
          case 'list':
            return (
              <List key={key} type={block.ordered ? 'ordered' : 'unordered'} spacing="xs" size="lg" mb="md" withPadding>
                {block.items.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List>
            );
          case 'tip':
            return (
              <Alert
                key={key}
                variant="light"
                icon={<IconBulb size={20} aria-hidden="true" />}
                title={t('blog.tip')}
                mb="md"
                radius="md"
              >
                <Text fz="md">{block.text}</Text>
              </Alert>
            );
          default:
            return null;
        }
      })}
    </>
  );
}
