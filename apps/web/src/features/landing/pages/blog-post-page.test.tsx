import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../app/query-client';
import { setLanguage } from '../../../lib/i18n';
import { mockApi, refuse } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { BLOG_POST } from '../test/blog-post';
import BlogPostPage from './blog-post-page';

const POST = BLOG_POST;
const ID = POST.id;

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
