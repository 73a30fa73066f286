/** The browser tab's text for a screen: '<screen title> · Portales' (pages.document_title), or the app's title. */
export function documentTitle(text: (message: string, values?: Record<string, unknown>) => string, titleKey: string | undefined): string {
  return titleKey ? text('pages.document_title', { title: text(titleKey) }) : text('menu.app_title');
}
