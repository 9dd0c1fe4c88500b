import type { FaqEntry } from '@fairway/shared';
import { Accordion, Text } from '@mantine/core';

/** Questions that open to their answers; the answer's blank lines separate its paragraphs. */
export function FaqAccordion({ entries, order = 3 }: { entries: FaqEntry[]; order?: 2 | 3 | 4 }) {
  return (
    <Accordion variant="separated" radius="md" order={order} chevronPosition="right">
      {entries.map((entry) => (
        <Accordion.Item key={entry.id} value={entry.id}>
          <Accordion.Control>{entry.question}</Accordion.Control>
          <Accordion.Panel>
            {entry.answer
              .split(/\n\s*\n/)
              .filter((p) => p.trim())
              .map((paragraph, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one answer keep their order and may repeat.
                <Text key={i} mb="xs" style={{ whiteSpace: 'pre-line' }}>
                  {paragraph.trim()}
                </Text>
              ))}
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
