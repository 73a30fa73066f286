export { AdministratorsTab } from './AdministratorsTab';
export { AdministratorEditDialog } from './AdministratorEditDialog';
