export { SiteUsersTab } from './SiteUsersTab';
export { SiteUserEditDialog } from './SiteUserEditDialog';
