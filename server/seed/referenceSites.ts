/**
 * The territorial sites every department and municipality has (not installed until someone
 * requests them): governorate and assembly per department, mayoralty and council per
 * municipality. Bogotá, D.C. is a capital district with neither governorate nor assembly; the
 * áreas no municipalizadas have neither mayor nor council. Pure: builds the rows from the DIVIPOLA list.
 */
import { ORDER_TYPE, SITE_TYPE } from '../sites/orderType';
import { slugify } from '../sites/alias';
import { SITE_STATUS } from '../sites/status';
import { BOGOTA_DEPARTMENT_ID, BOGOTA_ID, isNonMunicipalizedArea, type Department, type Municipality } from './divipola';

export interface ReferenceSite {
  name: string;
  alias: string;
  parentLocationId: number;
  locationId: number | null;
  siteTypeId: number;
  orderType: number;
  siteLatitude: number;
  siteLongitude: number;
  installed: boolean;
  statusId: number;
}

function departmentSite(department: Department, siteTypeId: number, name: string, prefix: string): ReferenceSite {
  return {
    name,
    alias: `${prefix}-${slugify(department.name)}-${department.code}`,
    parentLocationId: department.id,
    locationId: null,
    siteTypeId,
    orderType: ORDER_TYPE.departmental,
    siteLatitude: department.latitude,
    siteLongitude: department.longitude,
    installed: false,
    statusId: SITE_STATUS.inactive,
  };
}

function municipalSite(municipality: Municipality, siteTypeId: number, name: string, prefix: string): ReferenceSite {
  return {
    name,
    alias: `${prefix}-${slugify(municipality.name)}-${municipality.code}`,
    parentLocationId: municipality.departmentId,
    locationId: municipality.id,
    siteTypeId,
    orderType: ORDER_TYPE.municipal,
    siteLatitude: municipality.latitude,
    siteLongitude: municipality.longitude,
    installed: false,
    statusId: SITE_STATUS.inactive,
  };
}

export function mayoraltyName(municipality: Municipality): string {
  return municipality.id === BOGOTA_ID ? `Alcaldía Mayor de ${municipality.name}` : `Alcaldía de ${municipality.name}`;
}

export function councilName(municipality: Municipality): string {
  return municipality.id === BOGOTA_ID ? `Concejo de ${municipality.name}` : `Concejo Municipal de ${municipality.name}`;
}

/** Per department, in code order: governorate and assembly, then mayoralty and council of each municipality. */
export function referenceSites(departments: readonly Department[]): ReferenceSite[] {
  const rows: ReferenceSite[] = [];
  for (const department of departments) {
    if (department.id !== BOGOTA_DEPARTMENT_ID) {
      rows.push(departmentSite(department, SITE_TYPE.governorate, `Gobernación de ${department.name}`, 'gobernacion'));
      rows.push(departmentSite(department, SITE_TYPE.assembly, `Asamblea Departamental de ${department.name}`, 'asamblea'));
    }
    for (const municipality of department.municipalities) {
      if (isNonMunicipalizedArea(municipality)) continue;
      rows.push(municipalSite(municipality, SITE_TYPE.mayoralty, mayoraltyName(municipality), 'alcaldia'));
      rows.push(municipalSite(municipality, SITE_TYPE.council, councilName(municipality), 'concejo'));
    }
  }
  return rows;
}
