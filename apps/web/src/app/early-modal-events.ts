/**
 * The modal manager (`ModalsProvider`, in the lazily loaded `lazy-overlays` chunk) listens for
 * Mantine's `mantine-modals:*` window events. A dialog asked for before that chunk has arrived
 * (an access-denied answer to the very first call, say) is kept here and replayed once the
 * manager is mounted, instead of being lost.
 */
const MODAL_EVENTS = [
  'openModal',
  'openConfirmModal',
  'openContextModal',
  'closeModal',
  'closeAllModals',
  'updateModal',
  'updateContextModal',
].map((name) => `mantine-modals:${name}`);

const early: CustomEvent[] = [];
let listening = false;

function keep(event: Event): void {
  early.push(event as CustomEvent);
}

/** Starts keeping modal events; called when the entry loads. */
export function keepEarlyModalEvents(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  for (const type of MODAL_EVENTS) window.addEventListener(type, keep);
}

/** Stops keeping and dispatches what was kept; called once the modal manager listens. */
export function replayEarlyModalEvents(): void {
  if (!listening) return;
  listening = false;
  for (const type of MODAL_EVENTS) window.removeEventListener(type, keep);
  for (const event of early.splice(0)) window.dispatchEvent(new CustomEvent(event.type, { detail: event.detail }));
}
