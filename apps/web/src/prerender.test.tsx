import { describe, expect, it } from 'vitest';
import { renderPage } from './prerender';

describe('the prerendered login page', () => {
  it('keeps its form disabled and posting until the scripts run, so nothing sent before lands in the address', async () => {
    const { markup } = await renderPage('/login');
    const page = new DOMParser().parseFromString(markup, 'text/html');
    const form = page.querySelector('form');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.querySelector('fieldset')?.disabled).toBe(true);
    expect(form?.querySelector('input[type="email"]')).not.toBeNull();
    expect(form?.querySelector('button[type="submit"]')?.textContent).toContain('Logga in');
  });

  it('marks the header buttons that open something as unavailable until the scripts run', async () => {
    const { markup } = await renderPage('/login');
    const page = new DOMParser().parseFromString(markup, 'text/html');
    const header = page.querySelector('header');
    const language = [...(header?.querySelectorAll('button') ?? [])].find((b) => b.textContent?.includes('Byt språk'));
    expect(language?.getAttribute('aria-disabled')).toBe('true');
    expect(header?.querySelector('button[aria-label="Byt till mörkt tema"]')?.getAttribute('aria-disabled')).toBe('true');
  });
});
