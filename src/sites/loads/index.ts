/** The site list's load dialogs (spec 01 §2), for the list's buttons 'Cargar población', 'Cargar correos', 'Cargar índice de gobierno'. */
export { EmailLoadDialog, GovIndexLoadDialog, LoadDialog, PopulationLoadDialog, type LoadDialogProps, type LoadKind } from './LoadDialog';
