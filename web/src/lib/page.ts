/** Reloads the page. Its own module so tests can tell that the app asked for a reload (jsdom cannot reload). */
export function reloadPage() {
  window.location.reload();
}
