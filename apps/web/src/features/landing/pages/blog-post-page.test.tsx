import type { BlogPost } from '@fairway/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../app/query-client';
import { setLanguage } from '../../../lib/i18n';
import { mockApi, refuse } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import BlogPostPage from './blog-post-page';

const ID = '5326ead1-286b-49ef-85e9-aa1564533537';
const POST: BlogPost = {
  id: ID,
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

const routes = [
  { path: '/blog-details/:id/:slug', element: <BlogPostPage /> },
  { path: '/error-404', element: <h1>Sidan finns inte</h1> },
  { path: '/blog', element: <h1>Bloggen</h1> },
];

beforeEach(async () => {
  await setLanguage('sv');
  mockApi({
    [`GET blog/${ID}`]: () => POST,
    'ALL *': () => refuse(404, 'Inlägget finns inte', 'No such post'),
  });
});

afterEach(() => {
  queryClient.clear();
});

const description = () => document.head.querySelector('meta[name="description"]')?.getAttribute('content');

describe('the blog post page', () => {
  it('shows the post with its meta tags and takes them away again on leaving', async () => {
    const { router } = renderRoutes(routes, `/blog-details/${ID}/${POST.slug}`);
    expect(await screen.findByRole('heading', { level: 1, name: POST.title })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Vad hämtas?' })).toBeInTheDocument();
    expect(screen.getByRole('list')).toHaveTextContent('Anslut GIT');
    expect(screen.getByText('Synka på natten.')).toBeInTheDocument();
    expect(screen.getByText('Publicerad 2 september 2026')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${POST.title} · Fairway`));
    expect(description()).toBe(POST.description);
    expect(document.head.querySelector('meta[property="og:type"]')?.getAttribute('content')).toBe('article');
    const linkedIn = await screen.findByRole('link', { name: 'Dela på LinkedIn' });
    expect(linkedIn).toHaveAttribute('href', expect.stringContaining(encodeURIComponent(`/blog-details/${ID}/${POST.slug}`)));
    expect(linkedIn).toHaveAttribute('rel', 'noopener noreferrer');

    await router.navigate('/blog');
    await screen.findByRole('heading', { name: 'Bloggen' });
    expect(description()).toBeUndefined();
  });

  it('replaces a wrong slug with the right one', async () => {
    const { router } = renderRoutes(routes, `/blog-details/${ID}/gammal-rubrik`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/blog-details/${ID}/${POST.slug}`));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('heading', { level: 1, name: POST.title })).toBeInTheDocument();
  });

  it('sends an unknown post to the 404 page', async () => {
    const { router } = renderRoutes(routes, '/blog-details/00000000-0000-4000-8000-000000000000/finns-inte');
    await waitFor(() => expect(router.state.location.pathname).toBe('/error-404'));
  });

  it('says so when the post could not be fetched, and tries again on request', async () => {
    let fail = true;
    mockApi({ 'ALL *': () => (fail ? refuse(500, 'Internt fel', 'Internal error') : POST) });
    renderRoutes(routes, `/blog-details/${ID}/${POST.slug}`);
    expect(await screen.findByText('Inlägget kunde inte hämtas.', {}, { timeout: 10_000 })).toBeInTheDocument();
    fail = false;
    screen.getByRole('button', { name: 'Försök igen' }).click();
    expect(await screen.findByRole('heading', { level: 1, name: POST.title })).toBeInTheDocument();
  });
});
