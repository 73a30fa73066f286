/** The siteTypes catalogue's screens: the generated ones (declaration: resources/catalogues, labels: resources.sitetypes.fields.*). */
import { siteTypesResource } from '../../../resources';
import { generatedEntity } from '../../engine/generatedEntity';

const screens = generatedEntity(siteTypesResource);

export const list = screens.list;
export const create = screens.create;
export const edit = screens.edit;
export const show = screens.show;
export { icon } from './icon';
