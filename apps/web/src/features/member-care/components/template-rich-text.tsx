import { Input, Text } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import '@mantine/tiptap/styles.css';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { MemberFieldMenu } from './template-member-field-menu';

/**
 * A text block's rich text on Tiptap, limited to what the server's sanitiser keeps
 * (apps/server/src/modules/member-care/email-render.ts, sanitizeTextHtml): paragraphs, line
 * breaks, bold, italic, underline, struck, links and lists. Headings, quotes and code are off.
 */
export function TemplateRichText({
  id,
  html,
  onChange,
  label,
  error,
  readOnly,
}: {
  id: string;
  html: string;
  onChange: (html: string) => void;
  label: string;
  error?: string;
  readOnly?: boolean;
}) {
  const { t } = useTranslation('email-templates');
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: false,
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        link: { openOnClick: false, autolink: true, protocols: ['mailto'] },
      }),
    ],
    content: html,
    editable: !readOnly,
    immediatelyRender: true,
    editorProps: { attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox', id } },
    onUpdate: ({ editor: current }) => onChange(current.getHTML()),
  });

  // Another block selected: its text replaces the editor's.
  useEffect(() => {
    if (editor && editor.getHTML() !== html) editor.commands.setContent(html, { emitUpdate: false });
  }, [editor, html]);

  return (
    <div>
      <Text component="div" fz="sm" fw={500} mb={4} aria-hidden="true">
        {label}
      </Text>
      <RichTextEditor
        editor={editor}
        labels={{ linkEditorInputLabel: t('rich.linkAddress'), linkEditorSave: t('rich.linkSave') }}
      >
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold aria-label={t('rich.bold')} title={t('rich.bold')} />
            <RichTextEditor.Italic aria-label={t('rich.italic')} title={t('rich.italic')} />
            <RichTextEditor.Underline aria-label={t('rich.underline')} title={t('rich.underline')} />
            <RichTextEditor.Strikethrough aria-label={t('rich.strike')} title={t('rich.strike')} />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList aria-label={t('rich.bulletList')} title={t('rich.bulletList')} />
            <RichTextEditor.OrderedList aria-label={t('rich.orderedList')} title={t('rich.orderedList')} />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link aria-label={t('rich.link')} title={t('rich.link')} />
            <RichTextEditor.Unlink aria-label={t('rich.unlink')} title={t('rich.unlink')} />
          </RichTextEditor.ControlsGroup>
          {readOnly ? null : (
            <MemberFieldMenu onPick={(placeholder) => editor?.chain().focus().insertContent(placeholder).run()} compact />
          )}
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
      {error ? <Input.Error mt={4}>{error}</Input.Error> : null}
    </div>
  );
}
