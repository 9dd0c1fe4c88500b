import { BRANDS, type Brand } from '@fairway/shared/constants';
import type { MantineColorsTuple } from '@mantine/core';

export interface BrandConfig {
  id: Brand;
  name: string;
  /** Mantine colour name registered in the theme and used as primary colour. */
  color: string;
  palette: MantineColorsTuple;
  /** The dashboard's home, where `/dashboard` leads: Fairway's overview, Dubbelkoll's duplicates (docs/brands.md). */
  dashboardHome: string;
}

// A fairway green: shade 8 (the theme's primary shade) carries white text at WCAG AA contrast.
const fairwayGreen: MantineColorsTuple = [
  '#e9f8ef',
  '#d5eedd',
  '#a9dbba',
  '#7ac794',
  '#53b674',
  '#3aab60',
  '#2b9f54',
  '#1f8a46',
  '#157a3c',
  '#00692f',
];

const dubbelkollBlue: MantineColorsTuple = [
  '#e7f3ff',
  '#cfe3fb',
  '#9fc5f2',
  '#6ba5ea',
  '#418ae3',
  '#2779df',
  '#1770de',
  '#085fc6',
  '#0054b2',
  '#00489e',
];

const BRAND_CONFIGS: Record<Brand, BrandConfig> = {
  fairway: { id: 'fairway', name: 'Fairway', color: 'fairway', palette: fairwayGreen, dashboardHome: '/dashboard' },
  dubbelkoll: {
    id: 'dubbelkoll',
    name: 'Dubbelkoll',
    color: 'dubbelkoll',
    palette: dubbelkollBlue,
    dashboardHome: '/dashboard/duplicates',
  },
};

export function resolveBrand(value: string | undefined): BrandConfig {
  const id = (BRANDS as readonly string[]).includes(value ?? '') ? (value as Brand) : 'fairway';
  return BRAND_CONFIGS[id];
}

/**
 * The brand of the server that sent index.html (its `<meta name="brand">`, rewritten to the
 * server's BRAND), else the one this build was made for (VITE_BRAND, default fairway).
 */
function servedBrand(): string | undefined {
  if (typeof document === 'undefined') {
    // Prerendering the public pages (src/prerender.tsx) renders each brand in a Node process of its own.
    return (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env.PRERENDER_BRAND;
  }
  return document.querySelector('meta[name="brand"]')?.getAttribute('content') ?? undefined;
}

export const brand: BrandConfig = resolveBrand(servedBrand() ?? import.meta.env.VITE_BRAND);
