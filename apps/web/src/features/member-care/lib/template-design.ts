import type { EmailBlock, EmailBlockType, EmailColumnBlock, EmailDesign } from '@fairway/shared';

/**
 * The editor's operations on a template's design (docs/member-care.md#the-block-model): new
 * blocks with the schema's defaults, and adding, removing, duplicating, moving and changing
 * blocks, at the top level or inside a two-column block's column. Each returns a new design.
 */

export const TEMPLATE_PATHS = {
  list: '/dashboard/membercare/email-templates',
  create: '/dashboard/membercare/create-email-template',
  edit: (id: string) => `/dashboard/membercare/edit-email-template/${encodeURIComponent(id)}`,
};

/** Where a block sits: the top level, or a column of the two-column block `parent`. */
export type BlockPlace = { parent: null } | { parent: string; side: 'left' | 'right' };

let counter = 0;
/** A block id the schema takes (letters, digits, `-`): unique within the editor's session. */
export function newBlockId(type: string): string {
  counter += 1;
  return `${type}-${Date.now().toString(36)}-${counter}`;
}

export function emptyDesign(): EmailDesign {
  return {
    version: 1,
    settings: {
      preheader: '',
      backgroundColour: '#f1f3f2',
      contentColour: '#ffffff',
      textColour: '#1f2a24',
      accentColour: '#1d6b43',
      font: 'arial',
    },
    blocks: [],
  };
}

/** A new block of `type` with the texts the editor starts it with. */
export function newBlock(type: EmailBlockType, texts: { heading: string; text: string; button: string }): EmailBlock {
  const id = newBlockId(type);
  switch (type) {
    case 'heading':
      return { type, id, text: texts.heading, level: 1, align: 'left' };
    case 'text':
      return { type, id, html: `<p>${texts.text}</p>`, align: 'left' };
    case 'image':
      return { type, id, src: '', alt: '', href: '', width: null, align: 'center' };
    case 'button':
      return { type, id, label: texts.button, href: 'https://', colour: null, align: 'center' };
    case 'divider':
      return { type, id, colour: null, thickness: 1 };
    case 'columns':
      return { type, id, split: '50-50', left: [], right: [] };
  }
}

/** A copy of a block under new ids (a two-column block's inner blocks too). */
export function cloneBlock<B extends EmailBlock>(block: B): B {
  const copy = structuredClone(block);
  copy.id = newBlockId(block.type);
  if (copy.type === 'columns') {
    copy.left = copy.left.map((b) => ({ ...b, id: newBlockId(b.type) }));
    copy.right = copy.right.map((b) => ({ ...b, id: newBlockId(b.type) }));
  }
  return copy;
}

/** The list of blocks at a place. */
export function blocksAt(design: EmailDesign, place: BlockPlace): EmailBlock[] {
  if (place.parent === null) return design.blocks;
  const parent = design.blocks.find((b) => b.id === place.parent);
  return parent?.type === 'columns' ? parent[place.side] : [];
}

function withBlocksAt(design: EmailDesign, place: BlockPlace, change: (blocks: EmailBlock[]) => EmailBlock[]): EmailDesign {
  if (place.parent === null) return { ...design, blocks: change(design.blocks) };
  return {
    ...design,
    blocks: design.blocks.map((b) =>
      b.id === place.parent && b.type === 'columns' ? { ...b, [place.side]: change(b[place.side]) as EmailColumnBlock[] } : b,
    ),
  };
}

/** Adds a block at a place, after the block `after` (or at the end). */
export function addBlock(design: EmailDesign, place: BlockPlace, block: EmailBlock, after?: string): EmailDesign {
  return withBlocksAt(design, place, (blocks) => {
    const index = after ? blocks.findIndex((b) => b.id === after) : -1;
    if (index < 0) return [...blocks, block];
    return [...blocks.slice(0, index + 1), block, ...blocks.slice(index + 1)];
  });
}

export function removeBlock(design: EmailDesign, place: BlockPlace, id: string): EmailDesign {
  return withBlocksAt(design, place, (blocks) => blocks.filter((b) => b.id !== id));
}

export function duplicateBlock(design: EmailDesign, place: BlockPlace, id: string): { design: EmailDesign; copy?: EmailBlock } {
  const original = blocksAt(design, place).find((b) => b.id === id);
  if (!original) return { design };
  const copy = cloneBlock(original);
  return { design: addBlock(design, place, copy, id), copy };
}

/** Moves a block from one index to another within its place. */
export function moveBlock(design: EmailDesign, place: BlockPlace, from: number, to: number): EmailDesign {
  return withBlocksAt(design, place, (blocks) => {
    if (from < 0 || from >= blocks.length || to < 0 || to >= blocks.length || from === to) return blocks;
    const next = [...blocks];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved as EmailBlock);
    return next;
  });
}

export function updateBlock(design: EmailDesign, place: BlockPlace, id: string, patch: Partial<EmailBlock>): EmailDesign {
  return withBlocksAt(design, place, (blocks) => blocks.map((b) => (b.id === id ? ({ ...b, ...patch } as EmailBlock) : b)));
}

/** Finds a block by id anywhere in the design, with its place and index. */
export function findBlock(design: EmailDesign, id: string): { block: EmailBlock; place: BlockPlace; index: number } | null {
  const top = design.blocks.findIndex((b) => b.id === id);
  if (top >= 0) return { block: design.blocks[top] as EmailBlock, place: { parent: null }, index: top };
  for (const parent of design.blocks) {
    if (parent.type !== 'columns') continue;
    for (const side of ['left', 'right'] as const) {
      const index = parent[side].findIndex((b) => b.id === id);
      if (index >= 0) return { block: parent[side][index] as EmailBlock, place: { parent: parent.id, side }, index };
    }
  }
  return null;
}

/**
 * The field path (as the server names it, `design.blocks.2.left.0.href`) of a block's field, so
 * a refusal finds its input.
 */
export function blockPath(design: EmailDesign, id: string): string | null {
  const found = findBlock(design, id);
  if (!found) return null;
  if (found.place.parent === null) return `design.blocks.${found.index}`;
  const parentIndex = design.blocks.findIndex((b) => b.id === (found.place as { parent: string }).parent);
  return `design.blocks.${parentIndex}.${(found.place as { side: string }).side}.${found.index}`;
}
