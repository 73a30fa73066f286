/**
 * The generated screen's own state, shared by its parts: which record is being edited (inline row or
 * dialog) and whether the create dialog is open. A custom screen that reuses the parts provides it with
 * `EngineStateProvider`.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Identifier, RaRecord } from 'react-admin';
import type { ResourceDeclaration } from '../../resources/types';

export interface EngineState {
  declaration: ResourceDeclaration;
  editingId: Identifier | null;
  editing: RaRecord | null;
  startEdit: (record: RaRecord) => void;
  stopEdit: () => void;
  creating: boolean;
  startCreate: () => void;
  stopCreate: () => void;
}

export const EngineStateContext = createContext<EngineState | null>(null);

export function useEngineState(): EngineState {
  const state = useContext(EngineStateContext);
  if (!state) throw new Error('useEngineState outside EngineStateProvider');
  return state;
}

export function EngineStateProvider({ declaration, children }: { declaration: ResourceDeclaration; children: ReactNode }) {
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<RaRecord | null>(null);
  const stopEdit = useCallback(() => setEditing(null), []);
  const startCreate = useCallback(() => setCreating(true), []);
  const stopCreate = useCallback(() => setCreating(false), []);
  const state = useMemo<EngineState>(
    () => ({ declaration, editing, editingId: editing?.id ?? null, startEdit: setEditing, stopEdit, creating, startCreate, stopCreate }),
    [declaration, editing, stopEdit, creating, startCreate, stopCreate],
  );
  return <EngineStateContext.Provider value={state}>{children}</EngineStateContext.Provider>;
}
