import type { FaqEntry } from '@fairway/shared';
import { Accordion, Highlight, Stack, Text, Title } from '@mantine/core';

interface FaqGroup {
  id: string;
  name: string;
  entries: FaqEntry[];
}

/** Entries arrive in category order; consecutive entries of one category make one group. */
export function groupByCategory(entries: readonly FaqEntry[]): FaqGroup[] {
  const groups: FaqGroup[] = [];
  for (const entry of entries) {
    const last = groups.at(-1);
    if (last?.id === entry.category.id) last.entries.push(entry);
    else groups.push({ id: entry.category.id, name: entry.category.name, entries: [entry] });
  }
  return groups;
}

/** The server matches the search as one phrase, so the phrase is what is highlighted. */
function terms(search: string): string[] {
  const phrase = search.trim();
  return phrase ? [phrase] : [];
}

/**
 * The questions under a heading per category, each an accordion item: Mantine gives every question
 * a button with aria-expanded and aria-controls, and the answer a labelled region. Answers are
 * plain text whose paragraphs are separated by a blank line.
 */
export function FaqList({ entries, search }: { entries: readonly FaqEntry[]; search: string }) {
  const highlight = terms(search);
  return (
    <Stack gap="xl">
      {groupByCategory(entries).map((group) => {
        const headingId = `faq-category-${group.id}`;
        return (
          <section key={group.id} aria-labelledby={headingId}>
            <Title order={2} fz="h4" mb="sm" id={headingId}>
              {group.name}
            </Title>
            <Accordion variant="separated" radius="md" chevronPosition="right" multiple>
              {group.entries.map((entry) => (
                <Accordion.Item key={entry.id} value={entry.id}>
                  <Accordion.Control>
                    <Highlight component="span" highlight={highlight} fw={500}>
                      {entry.question}
                    </Highlight>
                  </Accordion.Control>
                  <Accordion.Panel>
                    <Stack gap="xs">
                      {entry.answer.split(/\n\s*\n/).map((paragraph) => (
                        <Text key={paragraph.slice(0, 40)} component="p" m={0}>
                          <Highlight component="span" highlight={highlight}>
                            {paragraph}
                          </Highlight>
                        </Text>
                      ))}
                    </Stack>
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          </section>
        );
      })}
    </Stack>
  );
}
