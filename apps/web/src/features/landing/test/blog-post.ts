import type { BlogPost } from '@fairway/shared';

/** A published post as GET blog/{id} answers it in Swedish, with one block of each type. */
export const BLOG_POST: BlogPost = {
  id: '5326ead1-286b-49ef-85e9-aa1564533537',
  slug: 'sa-fungerar-synken-med-git',
  slugs: { sv: 'sa-fungerar-synken-med-git', en: 'how-the-git-sync-works' },
  title: 'Så fungerar synken med GIT',
  description: 'Vad som hämtas från GIT, när, och vad som skickas tillbaka.',
  category: { id: '6f1c2d3e-0000-4000-8000-000000000009', slug: 'git', name: 'GIT och synk' },
  author: 'Fairway',
  publishedAt: '2026-09-02T08:00:00.000Z',
  updatedAt: '2026-09-02T08:00:00.000Z',
  readingMinutes: 3,
  cover: null,
  body: [
    { type: 'heading', text: 'Vad hämtas?' },
    { type: 'paragraph', text: 'Medlemmar, avgifter och fakturaomgångar.' },
    { type: 'list', ordered: true, items: ['Anslut GIT', 'Välj klubb'] },
    { type: 'tip', text: 'Synka på natten.' },
  ],
};
