import { describe, expect, it } from 'vitest';
import { choosePageRows, selectedOnPage } from './selection';

const row = (id: string) => ({ id, name: `Rad ${id}` });
const page1 = [row('a'), row('b'), row('c')];
const page2 = [row('d'), row('e')];

describe('selection across pages', () => {
  it('keeps what was chosen on other pages when a page reports its choice', () => {
    let selection = choosePageRows(new Map(), page1, [page1[0], page1[2]]);
    selection = choosePageRows(selection, page2, [page2[1]]);
    expect([...selection.keys()]).toEqual(['a', 'c', 'e']);
    // Back on page 1 the table shows a and c ticked; un-ticking c leaves e (page 2) alone.
    expect(selectedOnPage(selection, page1).map((r) => r.id)).toEqual(['a', 'c']);
    selection = choosePageRows(selection, page1, [page1[0]]);
    expect([...selection.keys()]).toEqual(['a', 'e']);
    expect(selection.get('e')?.name).toBe('Rad e');
  });

  it('clears a page with "select none" and does not change the selection it was given', () => {
    const before = choosePageRows(new Map(), page1, page1);
    const after = choosePageRows(before, page1, []);
    expect(after.size).toBe(0);
    expect(before.size).toBe(3);
  });
});
