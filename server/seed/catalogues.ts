/** Reference catalogues and settings seeded on an empty database (pure data). */
import { COUNTRY_ROOT_LOCATION_ID } from '../../resources/locations';
import type { ServerConfig } from '../config';

export const COUNTRY_ROOT = { id: COUNTRY_ROOT_LOCATION_ID, code: String(COUNTRY_ROOT_LOCATION_ID), name: 'Colombia' } as const;

export const SITE_TYPES = [
  { id: 1, name: 'Gobernación', isEditable: false, orderType: 0 },
  { id: 2, name: 'Alcaldía', isEditable: false, orderType: 1 },
  { id: 3, name: 'Asamblea Departamental', isEditable: false, orderType: 0 },
  { id: 4, name: 'Concejo Municipal', isEditable: false, orderType: 1 },
  { id: 5, name: 'Otras entidades', isEditable: false, orderType: null },
  { id: 6, name: 'Institución Educativa', isEditable: true, orderType: null },
  { id: 7, name: 'Personería', isEditable: true, orderType: null },
  { id: 8, name: 'Contraloría', isEditable: true, orderType: null },
  { id: 9, name: 'Empresa Social del Estado', isEditable: true, orderType: null },
] as const;

export const PROCEDURE_TYPES = [
  { id: 1, name: 'Trámite con pago' },
  { id: 2, name: 'Trámite sin pago' },
  { id: 3, name: 'Trámite en línea' },
  { id: 4, name: 'Trámite presencial' },
  { id: 5, name: 'Otro procedimiento administrativo' },
] as const;

export const DOCUMENT_TYPES = [
  { id: 1, name: 'Cédula de ciudadanía' },
  { id: 2, name: 'Cédula de extranjería' },
  { id: 3, name: 'Tarjeta de identidad' },
  { id: 4, name: 'Pasaporte' },
  { id: 5, name: 'NIT' },
] as const;

export const CHAT_CATEGORIES = [
  { id: 1, name: 'General', canBeDeleted: false },
  { id: 2, name: 'Soporte técnico', canBeDeleted: true },
  { id: 3, name: 'Contenidos', canBeDeleted: true },
  { id: 4, name: 'Accesibilidad', canBeDeleted: true },
] as const;

/** The portals' help tooltips (resources/platformSettings.ts): each a section of a portal's back office with its tutorial. */
export const SITE_TOOLTIPS = [
  { id: 1, name: 'Inicio', url: 'https://www.gov.co/ayuda/inicio' },
  { id: 2, name: 'Noticias', url: 'https://www.gov.co/ayuda/noticias' },
  { id: 3, name: 'Trámites y servicios', url: 'https://www.gov.co/ayuda/tramites' },
  { id: 4, name: 'Transparencia y acceso a la información', url: 'https://www.gov.co/ayuda/transparencia' },
  { id: 5, name: 'Atención y servicios a la ciudadanía', url: 'https://www.gov.co/ayuda/atencion' },
  { id: 6, name: 'Participa', url: 'https://www.gov.co/ayuda/participa' },
  { id: 7, name: 'Normatividad', url: 'https://www.gov.co/ayuda/normatividad' },
  { id: 8, name: 'Banners y galería', url: 'https://www.gov.co/ayuda/banners' },
] as const;

export interface SettingRow {
  keyWord: string;
  value: string;
  label: string;
}

export function referenceSettings(config: Pick<ServerConfig, 'captchaRequestValue'>): SettingRow[] {
  return [
    { keyWord: 'Captcha.RequestValue', value: String(config.captchaRequestValue), label: 'Valor a partir del cual se pide el Captcha (0 a 99)' },
    { keyWord: 'Location.CountryRootId', value: String(COUNTRY_ROOT.id), label: 'Ubicación raíz del país' },
    { keyWord: 'Analytics.DefaultSiteId', value: '92', label: 'Sitio de analítica por defecto' },
    { keyWord: 'UpdateTimeMainUser', value: '30', label: 'Días para actualizar los datos del administrador principal' },
    { keyWord: 'TicketsEmail', value: 'soporte@portales.gov.co', label: 'Correo electrónico de soporte (tickets)' },
    { keyWord: 'DropDownListNoticias', value: '', label: 'Lista desplegable de noticias' },
    { keyWord: 'GOVCO.Background', value: '#3366CC', label: 'Color de fondo de la barra GOV.CO' },
    { keyWord: 'GOVCO.Color', value: '#FFFFFF', label: 'Color del texto de la barra GOV.CO' },
    { keyWord: 'PQRDS.ValidExtensions', value: 'pdf|doc|docx|jpg|png', label: 'Extensiones permitidas en PQRDS' },
    { keyWord: 'PQRDS.MaxFileSize', value: '10485760', label: 'Tamaño máximo de archivo en PQRDS (bytes)' },
    {
      keyWord: 'PQRDS.AvisoPrivacidad',
      value:
        'Los datos personales que suministres serán tratados conforme a la Ley 1581 de 2012 y a la política de tratamiento de datos de la entidad, únicamente para atender tu solicitud.',
      label: 'Aviso de privacidad de PQRDS',
    },
    // Banner.Position and Banner.Rotation are the fields of the banners' settings record (resources/banners.ts).
    { keyWord: 'Terms.GlobalVersion', value: '1', label: 'Versión global de los términos y condiciones' },
    { keyWord: 'Terms.TerritorialVersion', value: '1', label: 'Versión territorial de los términos y condiciones' },
    { keyWord: 'DataTreatment.GlobalVersion', value: '1', label: 'Versión global de la política de tratamiento de datos' },
    { keyWord: 'DataTreatment.TerritorialVersion', value: '1', label: 'Versión territorial de la política de tratamiento de datos' },
  ];
}
