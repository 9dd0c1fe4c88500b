import {
  type EmailBlock,
  type EmailBlockType,
  type EmailDesign,
  type EmailTemplate,
  type EmailTemplateBody,
  emailTemplateBodySchema,
  type Lang,
  translateValidationMessage,
} from '@fairway/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useUnsavedChangesGuard } from '../../../lib/use-unsaved-changes-guard';
import { useSaveTemplate } from '../api/templates';
import {
  addBlock,
  type BlockPlace,
  blockPath,
  duplicateBlock,
  emptyDesign,
  findBlock,
  moveBlock,
  newBlock,
  removeBlock,
  updateBlock,
} from '../lib/template-design';

export type EditorErrors = Record<string, string>;

/** The editor's side panels (tabs): add a block, the selected block, the design, the preview. */
export type EditorPanel = 'add' | 'block' | 'design' | 'preview';

export interface TemplateEditorOptions {
  template?: EmailTemplate;
  readOnly: boolean;
  onSaved: (saved: EmailTemplate, created: boolean, leaving: { current: boolean }) => void;
}

/**
 * The template editor's state and what its panels do to it (components/template-editor.tsx):
 * the fields, the design and its blocks (add after the selected one, duplicate, remove, move,
 * change), the selected block and open panel, the field errors by path, and saving (the shared
 * schema first, then the server's field errors at their fields).
 */
export function useTemplateEditor({ template, readOnly, onSaved }: TemplateEditorOptions) {
  const { t, i18n } = useTranslation('email-templates');
  const uiLang: Lang = i18n.language === 'en' ? 'en' : 'sv';
  const initial = useMemo<EmailTemplateBody>(
    () =>
      template
        ? { title: template.title, subject: template.subject, lang: template.lang, design: template.design }
        : { title: '', subject: '', lang: uiLang, design: emptyDesign() },
    [template, uiLang],
  );
  const [title, setTitle] = useState(initial.title);
  const [subject, setSubject] = useState(initial.subject);
  const [lang, setLang] = useState<Lang>(initial.lang);
  const [design, setDesign] = useState<EmailDesign>(initial.design);
  const [selected, setSelected] = useState<string | null>(initial.design.blocks[0]?.id ?? null);
  const [panel, setPanel] = useState<EditorPanel>('add');
  const [errors, setErrors] = useState<EditorErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveTemplate();

  const body: EmailTemplateBody = { title, subject, lang, design };
  const dirty = JSON.stringify(body) !== JSON.stringify(initial);
  const leaving = useUnsavedChangesGuard(dirty && !readOnly);
  const selectedFound = selected ? findBlock(design, selected) : null;

  const select = (id: string) => {
    setSelected(id);
    setPanel('block');
  };
  const add = (type: EmailBlockType, place: BlockPlace = { parent: null }) => {
    const block = newBlock(type, {
      heading: t('defaults.heading', { field: '{{firstname}}' }),
      text: t('defaults.text'),
      button: t('defaults.button'),
    });
    const after = place.parent === null && selectedFound?.place.parent === null ? selectedFound.block.id : undefined;
    setDesign(addBlock(design, place, block, after));
    select(block.id);
  };
  const remove = (id: string) => {
    const found = findBlock(design, id);
    if (!found) return;
    setDesign(removeBlock(design, found.place, id));
    if (selected === id) setSelected(null);
  };
  const duplicate = (id: string) => {
    const found = findBlock(design, id);
    if (!found) return;
    const result = duplicateBlock(design, found.place, id);
    setDesign(result.design);
    if (result.copy) setSelected(result.copy.id);
  };
  const move = (id: string, by: -1 | 1) => {
    const found = findBlock(design, id);
    if (!found) return;
    setDesign(moveBlock(design, found.place, found.index, found.index + by));
  };
  /** A dragged top-level block dropped on another's place. */
  const reorder = (activeId: string, overId: string) => {
    const from = design.blocks.findIndex((b) => b.id === activeId);
    const to = design.blocks.findIndex((b) => b.id === overId);
    if (from < 0 || to < 0 || from === to) return;
    setDesign(moveBlock(design, { parent: null }, from, to));
  };
  const updateSelected = (patch: Partial<EmailBlock>) => {
    if (selectedFound) setDesign(updateBlock(design, selectedFound.place, selectedFound.block.id, patch));
  };
  const setSettings = (patch: Partial<EmailDesign['settings']>) =>
    setDesign({ ...design, settings: { ...design.settings, ...patch } });

  const errorOf = (path: string): string | undefined => errors[path];
  const blockErrors = (id: string): Record<string, string | undefined> => {
    const path = blockPath(design, id);
    if (!path) return {};
    const own: Record<string, string> = {};
    for (const [key, message] of Object.entries(errors))
      if (key.startsWith(`${path}.`)) own[key.slice(path.length + 1)] = message;
    return own;
  };
  const hasErrors = (id: string) => {
    const path = blockPath(design, id);
    return path !== null && Object.keys(errors).some((key) => key === path || key.startsWith(`${path}.`));
  };

  /** Shows messages at their fields and opens the first block that has one. */
  const showErrors = (found: EditorErrors) => {
    setErrors(found);
    const firstBlock = Object.keys(found).find((key) => key.startsWith('design.blocks.'));
    if (firstBlock) {
      const [, , top, side, inner] = firstBlock.split('.');
      const parent = design.blocks[Number(top)];
      const block = side === 'left' || side === 'right' ? parent?.type === 'columns' && parent[side][Number(inner)] : parent;
      if (block) select(block.id);
    } else if (Object.keys(found).some((key) => key.startsWith('design.settings') || key === 'design')) setPanel('design');
  };

  const onSave = () => {
    setFailure(null);
    const parsed = emailTemplateBodySchema.safeParse(body);
    if (!parsed.success) {
      const found: EditorErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path.join('.');
        found[key] ??= translateValidationMessage(issue.message, uiLang);
      }
      showErrors(found);
      setFailure(t('save.fixFields'));
      return;
    }
    save.mutate(
      { id: template?.id, body },
      {
        onSuccess: (saved) => {
          setErrors({});
          onSaved(saved, template === undefined, leaving);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.description.kind === 'fields') {
            const found: EditorErrors = {};
            for (const [key, messages] of Object.entries(error.fieldErrors)) found[key] = messages[0] ?? '';
            showErrors(found);
            setFailure(t('save.fixFields'));
          } else setFailure(error instanceof Error ? error.message : t('save.failed'));
        },
      },
    );
  };

  return {
    readOnly,
    fields: { title, setTitle, subject, setSubject, lang, setLang },
    design,
    selected,
    selectedFound,
    panel,
    setPanel,
    failure,
    saving: save.isPending,
    dirty,
    actions: { select, add, remove, duplicate, move, reorder, updateSelected, setSettings },
    errorOf,
    blockErrors,
    hasErrors,
    onSave,
  };
}

export type TemplateEditorState = ReturnType<typeof useTemplateEditor>;
