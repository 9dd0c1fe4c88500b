import { type MemberDetail, memberNoteBodySchema } from '@fairway/shared';
import { ActionIcon, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconNote, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { ApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/api-errors';
import { useFieldErrorText } from '../../../lib/form-errors';
import { useMemberNotes } from '../api/member-notes';
import { useDateTime } from '../lib/format';

/** The notes tab: the member's notes, newest first, a box to add one, and delete on each. */
export function MemberNotes({ member, canWrite }: { member: MemberDetail; canWrite: boolean }) {
  const { t, i18n } = useTranslation('members');
  const formatTime = useDateTime();
  const errorText = useFieldErrorText();
  const { add, remove } = useMemberNotes(member.id);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const notes = [...member.notes].sort((a, b) => b.createdAt.localeCompare(a.createdAt));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = memberNoteBodySchema.safeParse({ text });
    if (!parsed.success) {
      setError(errorText({ type: 'zod', message: parsed.error.issues[0]?.message }, t('notes.label')));
      return;
    }
    setError(undefined);
    try {
      await add.mutateAsync(parsed.data.text);
      setText('');
    } catch (failure) {
      const lang = i18n.language === 'en' ? 'en' : 'sv';
      const description = failure instanceof ApiError ? failure.description : describeApiError(null, 0, lang);
      setError(description.kind === 'fields' ? description.fields.flatMap((f) => f.messages).join(' ') : description.message);
    }
  };

  return (
    <Stack gap="md">
      {canWrite ? (
        <form onSubmit={submit} aria-label={t('notes.add')} noValidate>
          <Stack gap="xs">
            <Textarea
              label={t('notes.label')}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              error={error}
              autosize
              minRows={2}
              maxRows={8}
              maxLength={4000}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={add.isPending}>
                {t('notes.add')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
      {notes.length === 0 ? (
        <EmptyState title={t('notes.emptyTitle')} order={3} icon={<IconNote size={30} stroke={1.6} />}>
          {t('notes.emptyText')}
        </EmptyState>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {notes.map((note) => (
            <Paper key={note.id} component="li" withBorder radius="md" p="md">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Stack gap={4}>
                  <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {note.text}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {note.authorName ?? t('notes.unknownAuthor')} · {formatTime(note.createdAt)}
                  </Text>
                </Stack>
                {canWrite ? (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('notes.delete')}
                    onClick={() => remove.mutate(note.id)}
                    loading={remove.isPending && remove.variables === note.id}
                  >
                    <IconTrash size={16} aria-hidden="true" />
                  </ActionIcon>
                ) : null}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
