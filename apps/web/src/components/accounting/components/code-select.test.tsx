import { describe, expect, it } from 'vitest';
import { codeLabel } from './code-select';

describe('codeLabel', () => {
  it('shows the code and its name', () => {
    expect(codeLabel({ code: '30', name: '30 dagar netto' })).toBe('30 – 30 dagar netto');
  });

  it("shows only the name where the code is the program's internal id (Visma eEkonomi)", () => {
    expect(codeLabel({ code: '956ee2e6-1c0a-4b8e-9f5e-2b8c1d0e7a11', name: '30 dagar netto' })).toBe('30 dagar netto');
  });

  it('shows the code alone when there is no other name', () => {
    expect(codeLabel({ code: 'KS1', name: 'KS1' })).toBe('KS1');
    expect(codeLabel({ code: 'KS1', name: '' })).toBe('KS1');
  });
});
