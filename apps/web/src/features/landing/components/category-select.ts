// The FAQ page's category Select (Combobox, Popover, ScrollArea, floating-ui: about 33 KB gzip),
// loaded once the page runs in React; pages/faq-page.tsx shows a look-alike field until then.
export { Select as default } from '@mantine/core';
