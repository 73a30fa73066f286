/** The procedureTypes catalogue's screens: the generated ones (declaration: resources/catalogues, labels: resources.proceduretypes.fields.*). */
import { procedureTypesResource } from '../../../resources';
import { generatedEntity } from '../../engine/generatedEntity';

const screens = generatedEntity(procedureTypesResource);

export const list = screens.list;
export const create = screens.create;
export const edit = screens.edit;
export const show = screens.show;
export { icon } from './icon';
