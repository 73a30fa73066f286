/** Which record of the generated screen is being edited (inline row or dialog), shared by its rows. */
import { createContext, useContext } from 'react';
import type { Identifier, RaRecord } from 'react-admin';
import type { ResourceDeclaration } from '../../resources/types';

export interface EngineState {
  declaration: ResourceDeclaration;
  editingId: Identifier | null;
  startEdit: (record: RaRecord) => void;
  stopEdit: () => void;
}

export const EngineStateContext = createContext<EngineState | null>(null);

export function useEngineState(): EngineState {
  const state = useContext(EngineStateContext);
  if (!state) throw new Error('useEngineState outside GeneratedResourcePage');
  return state;
}
