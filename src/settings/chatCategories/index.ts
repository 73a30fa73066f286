/** The chatCategories catalogue's screens: the generated ones (declaration: resources/catalogues, labels: resources.chatcategories.fields.*). */
import { chatCategoriesResource } from '../../../resources';
import { generatedEntity } from '../../engine/generatedEntity';

const screens = generatedEntity(chatCategoriesResource);

export const list = screens.list;
export const create = screens.create;
export const edit = screens.edit;
export const show = screens.show;
export { icon } from './icon';
