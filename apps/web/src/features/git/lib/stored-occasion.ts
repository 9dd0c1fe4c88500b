import { getItem, removeItem, setItem } from '../../../lib/storage';

/** The invoice occasion the user last worked on (a single invoice-occasion record in the browser; docs/git.md#pages). */
export interface ChosenOccasion {
  id: string;
  name: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The stored occasion, or null when none is kept (or what is kept is not one). */
export function getChosenOccasion(): ChosenOccasion | null {
  const stored = getItem('invoiceOccasion');
  if (!stored) return null;
  const { id, name } = stored;
  return typeof id === 'string' && UUID.test(id) && typeof name === 'string' ? { id, name } : null;
}

export function setChosenOccasion(occasion: ChosenOccasion): void {
  setItem('invoiceOccasion', { id: occasion.id, name: occasion.name });
}

export function forgetChosenOccasion(): void {
  removeItem('invoiceOccasion');
}
