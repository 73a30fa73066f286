/** The browser tab follows the screen: '<screen title> · Portales' (pages.document_title). */
import { useEffect } from 'react';
import { useText } from '../shared/useText';
import { documentTitle } from './documentTitle';

/** Sets document.title from the i18n key of the screen's title while the screen is shown. */
export function usePageTitle(titleKey: string | undefined): void {
  const text = useText();
  const title = documentTitle(text, titleKey);
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** The same as a component, for places that render a route's element (ProtectedScreen). */
export function PageTitle({ title }: { title: string | undefined }) {
  usePageTitle(title);
  return null;
}
