/** Removes the static loading screen of index.html once the first route has rendered. */
export function hideSplash(): void {
  document.getElementById('app-loading')?.remove();
}
