/** Group management's screens (/portales/grupos): the generated parts with the group's own inputs and show page. */
import { GroupCreate, GroupEdit, GroupShow, GroupsPage } from './GroupScreens';

export const list = GroupsPage;
export const create = GroupCreate;
export const edit = GroupEdit;
export const show = GroupShow;
export { icon } from './icon';
