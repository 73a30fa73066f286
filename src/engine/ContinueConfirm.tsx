/**
 * The app's confirmation question: react-admin's Confirm answered 'Continuar' or 'Volver' (`engine.confirm.*`). Its
 * `onConfirm` may be async; the question shows `loading` while the caller works.
 */
import { Confirm } from 'react-admin';
import type { ReactNode } from 'react';

export interface ContinueConfirmProps {
  isOpen: boolean;
  loading?: boolean;
  /** i18n key of the question's title. */
  title: string;
  /** i18n key (or node) of the question. */
  content: ReactNode;
  onConfirm: () => unknown;
  onClose: () => void;
}

export function ContinueConfirm({ isOpen, loading, title, content, onConfirm, onClose }: ContinueConfirmProps) {
  return (
    <Confirm
      isOpen={isOpen}
      loading={loading}
      title={title}
      content={content}
      confirm="engine.confirm.continue"
      cancel="engine.confirm.back"
      onConfirm={() => void onConfirm()}
      onClose={onClose}
    />
  );
}
