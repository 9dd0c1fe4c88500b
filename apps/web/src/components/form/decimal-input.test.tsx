import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../app/query-client';
import { setLanguage } from '../../lib/i18n';
import { DecimalInput, decimalOf, PercentInput } from './decimal-input';
import { KronorInput } from './kronor-input';

vi.setConfig({ testTimeout: 30_000 });

afterEach(async () => {
  await setLanguage('sv');
});

describe('decimalOf', () => {
  it('reads decimals typed with a comma or a point, also half typed', () => {
    expect(decimalOf('1,5', 100)).toBe(150);
    expect(decimalOf('12,', 100)).toBe(1200);
    expect(decimalOf('12.', 100)).toBe(1200);
    expect(decimalOf('1 000', 100)).toBe(100_000);
    expect(decimalOf(0.125, 100)).toBe(13);
    expect(decimalOf('12,5')).toBe(12.5);
    expect(decimalOf('')).toBeNull();
    expect(decimalOf('-')).toBeNull();
  });
});

type Kind = 'quantity' | 'percent' | 'plain' | 'kronor';

/** The input as a form holds it, with the held value beside it so a test can read it. */
function Host({ kind }: { kind: Kind }) {
  const [value, setValue] = useState<number | null>(null);
  const props = { label: 'Värde', value, onChange: setValue };
  return (
    <>
      {kind === 'quantity' ? <DecimalInput {...props} factor={100} /> : null}
      {kind === 'percent' ? <PercentInput {...props} factor={100} /> : null}
      {kind === 'plain' ? <PercentInput {...props} /> : null}
      {kind === 'kronor' ? <KronorInput {...props} /> : null}
      <output data-testid="held">{String(value)}</output>
    </>
  );
}

async function typeInto(kind: Kind, text: string) {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <Host kind={kind} />
    </AppProviders>,
  );
  const input = screen.getByRole('textbox', { name: 'Värde' }) as HTMLInputElement;
  await userEvent.type(input, text);
  return { input, held: screen.getByTestId('held').textContent };
}

describe('decimal inputs', () => {
  // A controlled input that stored null for the half-typed "12," emptied itself: "12,5" became 5.
  it.each([
    ['quantity', '1250', '12,5'],
    ['percent', '1250', '12,5 %'],
    ['plain', '12.5', '12,5 %'],
    ['kronor', '1250', '12,5 kr'],
  ] as const)('keeps "12,5" typed in Swedish as 12,5 (%s)', async (kind, held, shown) => {
    const result = await typeInto(kind, '12,5');
    expect(result.held).toBe(held);
    expect(result.input.value).toBe(shown);
  });

  it('takes a decimal point in English', async () => {
    await setLanguage('en');
    const result = await typeInto('quantity', '12.5');
    expect(result.held).toBe('1250');
    expect(result.input.value).toBe('12.5');
  });

  it('empties to null', async () => {
    const result = await typeInto('quantity', '7{Backspace}');
    expect(result.held).toBe('null');
  });
});
