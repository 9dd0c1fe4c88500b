import type { BlogPostSummary } from '@fairway/shared';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render';
import { BlogPostCard } from './blog-post-card';

const post: BlogPostSummary = {
  id: '0b6f8a52-4a8e-4f3e-9d53-2f0c7a1d9e11',
  slug: 'fran-finqr-till-fairway',
  slugs: { sv: 'fran-finqr-till-fairway', en: 'from-finqr-to-fairway' },
  title: 'Från FINQR till Fairway',
  description: 'Så byter ni utan dubbla fakturor.',
  category: { id: '6d1f0c2e-8b7a-4c5d-9e3f-1a2b3c4d5e6f', slug: 'git', name: 'GIT och synk' },
  author: 'Johan Bergström',
  publishedAt: '2026-11-11T08:00:00.000Z',
  updatedAt: '2026-11-11T08:00:00.000Z',
  readingMinutes: 3,
  cover: { src: '/images/help/dashboard.png', width: 1200, height: 630, alt: '' },
};

beforeEach(async () => {
  await setLanguage('sv');
});

describe('a post in a list', () => {
  it('reserves its cover’s space before the picture arrives (width, height, aspect ratio), and links the title to the post', async () => {
    const { container } = renderRoutes([{ path: '/blog', element: <BlogPostCard post={post} /> }], '/blog');
    const link = await screen.findByRole('link', { name: 'Från FINQR till Fairway' });
    expect(link.getAttribute('href')).toBe('/blog-details/0b6f8a52-4a8e-4f3e-9d53-2f0c7a1d9e11/fran-finqr-till-fairway');
    const cover = container.querySelector('img') as HTMLImageElement;
    expect(cover.getAttribute('width')).toBe('1200');
    expect(cover.getAttribute('height')).toBe('630');
    expect(cover.style.aspectRatio).toBe('1200 / 630');
    expect(cover.getAttribute('loading')).toBe('lazy');
  });

  it('shows no picture for a post without a cover', async () => {
    const { container } = renderRoutes([{ path: '/blog', element: <BlogPostCard post={{ ...post, cover: null }} /> }], '/blog');
    await screen.findByRole('link', { name: 'Från FINQR till Fairway' });
    expect(container.querySelector('img')).toBeNull();
  });
});
