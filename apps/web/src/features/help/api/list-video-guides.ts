import type { VideoGuide } from '@fairway/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client';

/** GET video_guides: each guide with its video, poster, chapters and tracks in the UI language. */
export async function listVideoGuides(signal?: AbortSignal): Promise<VideoGuide[]> {
  return await api.get<VideoGuide[]>('video_guides', { signal, silent: true });
}

export function useVideoGuides() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['help', 'videoGuides', i18n.language],
    queryFn: ({ signal }) => listVideoGuides(signal),
  });
}
