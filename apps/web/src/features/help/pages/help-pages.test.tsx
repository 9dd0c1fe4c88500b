import type { FaqCategory, FaqEntry, VideoGuide } from '@fairway/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../app/query-client';
import { currentUserQueryKey } from '../../../lib/current-user';
import { setItem } from '../../../lib/storage';
import { type Handler, mockApi, refuse } from '../../../test/api';
import { demoUser } from '../../../test/render';
import HelpFaqPage from './help-faq-page';
import VideoGuidesPage from './video-guides-page';

const user = userEvent.setup({ delay: null });
vi.setConfig({ testTimeout: 30_000 });

const category = (id: string, slug: string, name: string) => ({ id, slug, name });
const start = category('00000000-0000-4000-8000-0000000000c1', 'kom-igang', 'Kom igång');
const terms = category('00000000-0000-4000-8000-0000000000c2', 'priser-och-villkor', 'Priser och villkor');
const FAQ: FaqEntry[] = [
  {
    id: '00000000-0000-4000-8000-0000000000e1',
    category: start,
    question: 'Hur kopplar jag Fortnox?',
    answer: 'Gå till Integrationer.\n\nKopplingen förnyas automatiskt.',
  },
  {
    id: '00000000-0000-4000-8000-0000000000e2',
    category: terms,
    question: 'Hur lång är bindningstiden?',
    answer: 'Avtalet gäller i 12 månader och faktureras årsvis.',
  },
];
const CATEGORIES: FaqCategory[] = [
  { ...start, entryCount: 1 },
  { ...terms, entryCount: 1 },
];

const GUIDE: VideoGuide = {
  id: '00000000-0000-4000-8000-0000000000g1',
  slug: 'koppla-fortnox',
  title: 'Koppla Fortnox',
  description: 'Koppla klubbens Fortnox.',
  videoUrl: '/media/guides/koppla-fortnox.webm',
  videoType: 'video/webm',
  poster: { src: '/media/guides/koppla-fortnox.jpg', width: 1280, height: 720, alt: 'Koppla Fortnox' },
  durationSeconds: 24,
  chapters: [
    { start: 0, title: 'Öppna Integrationer' },
    { start: 6, title: 'Logga in hos Fortnox' },
    { start: 12, title: 'Godkänn Fairway' },
  ],
  chaptersTrackUrl: '/api/v1/video_guides/00000000-0000-4000-8000-0000000000g1/chapters.sv.vtt',
  captionsTrackUrl: '/media/guides/koppla-fortnox.sv.vtt',
};

/** The help server: the given answers, and an empty list for anything else. Returns the calls made. */
const stubServer = (routes: Record<string, Handler>) => mockApi({ ...routes, 'ALL *': () => [] });

function renderAt(element: ReactNode, at: string) {
  setItem('accessToken', 'test-token');
  const client = createQueryClient();
  client.setQueryData(currentUserQueryKey, demoUser);
  const router = createMemoryRouter([{ path: '/dashboard/help/*', element }], { initialEntries: [at] });
  render(
    <AppProviders queryClient={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

afterEach(() => {
  localStorage.clear();
});

describe('FAQ page', () => {
  it('shows the questions under their categories and opens an answer', async () => {
    stubServer({ 'GET faq': () => FAQ, 'GET faq_categories': () => CATEGORIES });
    renderAt(<HelpFaqPage />, '/dashboard/help/faq');
    expect(await screen.findByRole('heading', { level: 2, name: 'Kom igång' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Priser och villkor' })).toBeInTheDocument();
    const question = screen.getByRole('button', { name: 'Hur kopplar jag Fortnox?' });
    expect(question).toHaveAttribute('aria-expanded', 'false');
    await user.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    // The panel opens with a transition.
    const answer = await screen.findByText('Kopplingen förnyas automatiskt.');
    await waitFor(() => expect(answer).toBeVisible());

    // The category filter keeps only that category's questions.
    await user.click(screen.getByRole('radio', { name: 'Priser och villkor' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Kom igång' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Hur lång är bindningstiden?' })).toBeInTheDocument();
  });

  it('asks the server once the typing pauses and shows "no answers" with a way to support', async () => {
    const calls = stubServer({
      'GET faq': ({ query }) => (query.get('search') ? [] : FAQ),
      'GET faq_categories': () => CATEGORIES,
    });
    renderAt(<HelpFaqPage />, '/dashboard/help/faq');
    await screen.findByRole('button', { name: 'Hur kopplar jag Fortnox?' });
    await user.type(screen.getByRole('searchbox', { name: 'Sök bland frågorna' }), 'golfbil');
    expect(await screen.findByRole('heading', { name: 'Inga svar hittades' })).toBeInTheDocument();
    expect(screen.getByText(/Vi hittade inget svar på ”golfbil”/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Fråga supporten' })).toHaveAttribute('href', '/dashboard/help/support');
    // One search call for the whole word, not one per letter.
    const searches = calls.filter((c) => c.path === 'faq' && c.query.has('search'));
    expect(searches.map((c) => c.query.get('search'))).toEqual(['golfbil']);
  });

  it('says when the questions could not be loaded and tries again', async () => {
    let fail = true;
    stubServer({ 'GET faq': () => (fail ? refuse(500, 'Fel', 'Error') : FAQ) });
    renderAt(<HelpFaqPage />, '/dashboard/help/faq');
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(within(alert).getByText('Frågorna kunde inte hämtas')).toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Försök igen' }));
    expect(await screen.findByRole('button', { name: 'Hur kopplar jag Fortnox?' })).toBeInTheDocument();
  });
});

describe('video guides page', () => {
  it('lists the guides and plays one with its tracks, seeking from the chapter list', async () => {
    stubServer({ 'GET video_guides': () => [GUIDE] });
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const router = renderAt(<VideoGuidesPage />, '/dashboard/help/video-guides');
    const card = await screen.findByRole('article', { name: 'Koppla Fortnox' });
    expect(within(card).getByText('Längd 0:24')).toBeInTheDocument();
    expect(within(card).getByText('3 kapitel')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Se guiden Koppla Fortnox' }));
    expect(router.state.location.search).toBe('?guide=koppla-fortnox');

    const dialog = await screen.findByRole('dialog', { name: 'Koppla Fortnox' });
    const video = dialog.querySelector('video') as HTMLVideoElement;
    expect(video).toHaveAttribute('poster', GUIDE.poster.src);
    expect(video.querySelector('source')).toHaveAttribute('src', GUIDE.videoUrl);
    expect(video.querySelector('track[kind="chapters"]')).toHaveAttribute('src', GUIDE.chaptersTrackUrl);
    expect(video.querySelector('track[kind="captions"]')).toHaveAttribute('src', GUIDE.captionsTrackUrl);

    const chapters = within(dialog).getByRole('navigation', { name: 'Kapitel' });
    expect(within(chapters).getByRole('button', { name: /Öppna Integrationer/ })).toHaveAttribute('aria-current', 'step');
    await user.click(within(chapters).getByRole('button', { name: /Godkänn Fairway/ }));
    expect(video.currentTime).toBe(12);
    expect(play).toHaveBeenCalled();
    expect(within(chapters).getByRole('button', { name: /Godkänn Fairway/ })).toHaveAttribute('aria-current', 'step');

    await user.click(within(dialog).getByRole('button', { name: 'Stäng' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says so when there are no guides yet', async () => {
    stubServer({});
    renderAt(<VideoGuidesPage />, '/dashboard/help/video-guides');
    expect(await screen.findByRole('heading', { name: 'Inga videoguider publicerade ännu' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Till vanliga frågor' })).toHaveAttribute('href', '/dashboard/help/faq');
  });
});
