import type { MessageDictionary } from './types';

/** Messages of the help content (modules/help): blog, FAQ, video guides, screenshots, help texts. */
export const helpMessages = {
  'help.postNotFound': { sv: 'Blogginlägget finns inte', en: 'The blog post does not exist' },
  'help.blogCategoryNotFound': { sv: 'Bloggkategorin finns inte', en: 'The blog category does not exist' },
  'help.faqCategoryNotFound': { sv: 'FAQ-kategorin finns inte', en: 'The FAQ category does not exist' },
  'help.faqEntryNotFound': { sv: 'Frågan finns inte', en: 'The question does not exist' },
  'help.videoGuideNotFound': { sv: 'Videoguiden finns inte', en: 'The video guide does not exist' },
  'help.screenshotNotFound': { sv: 'Skärmbilden finns inte', en: 'The screenshot does not exist' },
  'help.helpTextNotFound': { sv: 'Hjälptexten finns inte', en: 'The help text does not exist' },
  'help.notPlatformAdmin': {
    sv: 'Bara portalens egen personal kan ändra hjälpinnehållet',
    en: 'Only the portal’s own staff can change the help content',
  },
  'help.blogCategoryInUse': {
    sv: 'Kategorin har blogginlägg. Flytta eller ta bort dem först.',
    en: 'The category has blog posts. Move or delete them first.',
  },
} as const satisfies MessageDictionary;
