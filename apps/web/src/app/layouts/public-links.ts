/** The public pages' navigation, in the header and in its small-screen drawer. */
export const PUBLIC_LINKS = [
  { id: 'functions', to: '/functions' },
  { id: 'price', to: '/price' },
  { id: 'faq', to: '/faq' },
  { id: 'blog', to: '/blog' },
  { id: 'contact', to: '/contact-us' },
] as const;
