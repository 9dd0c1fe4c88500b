import { Group, type MantineSize, Text } from '@mantine/core';
import { brand } from '../app/brand';

const MARK_SIZE: Partial<Record<MantineSize, number>> = { xs: 22, sm: 26, md: 30, lg: 38, xl: 46 };

/** The brand's symbol alone; decorative, so screen readers skip it (the name is next to it). */
export function BrandMark({ size = 30 }: { size?: number }) {
  const primary = `var(--mantine-color-${brand.color}-7)`;
  const light = `var(--mantine-color-${brand.color}-2)`;
  if (brand.id === 'dubbelkoll') {
    return (
      <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill={primary} />
        <rect x="14" y="12" width="26" height="32" rx="3" fill="none" stroke={light} strokeWidth="4" />
        <rect x="24" y="20" width="26" height="32" rx="3" fill={primary} stroke="#fff" strokeWidth="4" />
        <path d="M30 36l5 5 9-10" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    );
  }
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill={primary} />
      <path d="M24 50V12l20 8-20 8" fill="none" stroke="#fff" strokeWidth="4" strokeLinejoin="round" strokeLinecap="round" />
      <ellipse cx="32" cy="50" rx="16" ry="4" fill={light} />
    </svg>
  );
}

export function BrandLogo({ size = 'md', hideNameBelow }: { size?: MantineSize; hideNameBelow?: MantineSize }) {
  return (
    <Group gap={8} wrap="nowrap">
      <BrandMark size={MARK_SIZE[size] ?? 30} />
      <Text
        component="span"
        fw={750}
        fz={size === 'xl' || size === 'lg' ? 'xl' : 'lg'}
        lh={1}
        visibleFrom={hideNameBelow}
        style={{ letterSpacing: '-0.01em' }}
      >
        {brand.name}
      </Text>
    </Group>
  );
}
