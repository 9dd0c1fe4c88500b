import { useEffect } from 'react';

export interface PageMeta {
  /** The whole `<title>`, brand included. */
  title: string;
  /** What a search result shows under the title; a page without one (a password page) leaves it out. */
  description?: string;
  /** `website` for pages, `article` for blog posts. */
  type?: 'website' | 'article';
  /** The page's address (a path is taken on this origin); defaults to the current one without query or hash. */
  url?: string;
  /** The image a shared link shows (a path is taken on this origin). */
  image?: string;
}

const TAGS: {
  attr: 'name' | 'property';
  key: string;
  pick: (m: Required<Omit<PageMeta, 'image' | 'description'>> & { image?: string; description?: string }) => string | undefined;
}[] = [
  { attr: 'name', key: 'description', pick: (m) => m.description },
  { attr: 'property', key: 'og:title', pick: (m) => m.title },
  { attr: 'property', key: 'og:description', pick: (m) => m.description },
  { attr: 'property', key: 'og:type', pick: (m) => m.type },
  { attr: 'property', key: 'og:url', pick: (m) => m.url },
  { attr: 'property', key: 'og:image', pick: (m) => m.image },
  { attr: 'name', key: 'twitter:card', pick: (m) => (m.image ? 'summary_large_image' : 'summary') },
];

function metaTag(attr: 'name' | 'property', key: string): HTMLMetaElement {
  const existing = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (existing) return existing;
  const tag = document.createElement('meta');
  tag.setAttribute(attr, key);
  document.head.appendChild(tag);
  return tag;
}

/**
 * A public page's title, description and Open Graph tags, so a search result or a shared link
 * shows what the page is about. The tags are removed again when the page goes, so a dashboard
 * page never carries a marketing page's description.
 */
export function usePageMeta(meta: PageMeta) {
  const { title, description, type = 'website', url, image } = meta;
  useEffect(() => {
    const previousTitle = document.title;
    document.title = title;
    // Made absolute here, in the browser: a page rendered on the server (a blog post) renders
    // the same paths there, where no origin is known.
    const href = new URL(url ?? window.location.pathname, window.location.origin).href;
    const imageHref = image && new URL(image, window.location.origin).href;
    const added: HTMLMetaElement[] = [];
    for (const tag of TAGS) {
      const value = tag.pick({ title, description, type, url: href, image: imageHref });
      if (!value) continue;
      const element = metaTag(tag.attr, tag.key);
      element.setAttribute('content', value);
      added.push(element);
    }
    return () => {
      document.title = previousTitle;
      for (const element of added) element.remove();
    };
  }, [title, description, type, url, image]);
}
