/** The documentTypes catalogue's screens: the generated ones (declaration: resources/catalogues, labels: resources.documenttypes.fields.*). */
import { documentTypesResource } from '../../../resources';
import { generatedEntity } from '../../engine/generatedEntity';

const screens = generatedEntity(documentTypesResource);

export const list = screens.list;
export const create = screens.create;
export const edit = screens.edit;
export const show = screens.show;
export { icon } from './icon';
