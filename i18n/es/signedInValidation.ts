/**
 * Validation messages (spec §5 of each document), word for word. Keys are used by yup schemas. The signed-in part
 * carries these; the superadmin ones are the people part's (`superadminValidation`); `validation` joins both.
 */
export const signedInValidation = {
  required: 'Este campo es obligatorio',
  invalid: 'El valor no es válido',
  /** The base rules of the engine's field kinds (resources/fieldKinds.ts). */
  field: {
    required: 'Este campo es obligatorio',
    text: 'Debes ingresar un texto',
    too_long: 'El texto supera la longitud permitida',
    url: 'Debes ingresar una dirección web válida (http:// o https://)',
    integer: 'Debes ingresar un número entero',
    number: 'Debes ingresar un número',
    boolean: 'Debes indicar sí o no',
    date: 'La fecha no es válida',
    choice: 'Debes seleccionar una opción válida',
    color: 'Debes ingresar un color en formato #RRGGBB',
    reference: 'El registro seleccionado no existe',
    json: 'El valor debe ser un objeto o una lista JSON',
    file: 'Debes seleccionar un archivo subido',
    files: 'Debes enviar una lista de archivos subidos, sin repetidos',
    too_many_files: 'Puedes adjuntar hasta 10 archivos',
    list: 'Debes seleccionar una lista de registros',
    too_many: 'Seleccionaste demasiados registros',
  },
  site_comment: {
    description_required: 'Debes escribir la anotación',
    description_too_long: 'La anotación admite hasta 540 caracteres',
  },
  catalogue: {
    name: 'Debes registrar un nombre válido',
  },
  /** The body of a collection sort (server/resources/actionRules.ts `readSortList`). */
  sort: {
    list: 'Debes enviar la lista de registros con su orden',
    item: 'Cada elemento debe indicar el registro y su orden',
    repeated: 'El registro aparece más de una vez en la lista',
  },
  sitetypes: {
    percentage_required: 'Debes ingresar el porcentage',
    percentage_invalid: 'El valor no es válido',
  },
  /** The site form (spec 01 §5 'Site form'; resources/siteForm.ts on the client, the sites service on the server). */
  site: {
    name_required: 'Debes ingresar el nombre de la entidad',
    name_length: 'El nombre debe tener entre 5 y 200 caracteres',
    alias_required: 'Debes ingresar el alias',
    alias_length: 'El alias debe tener entre 3 y 220 caracteres',
    alias_pattern: 'El alias solo admite letras, números, guion bajo (_) o guion (-)',
    alias_taken: 'El alias ya se encuentra en uso',
    department_required: 'Debes seleccionar un departamento',
    municipality_required: 'Debes seleccionar un municipio',
    site_type_required: 'Debes seleccionar el tipo de entidad',
    order_type_required: 'Debes seleccionar el orden de la entidad',
    url_required: 'Debes ingresar el Dominio (URL)',
    url_length: 'El Dominio (URL) no puede superar los 200 caracteres',
    url_invalid: 'Debes ingresar una URL completa que empiece por http:// o https://',
    url_taken: 'El Dominio (URL) ya se encuentra en uso',
    url_in_use: 'La Url que intentas usar ya se encuentra en uso',
    address_required: 'Debes ingresar la dirección',
    address_length: 'La dirección debe tener entre 5 y 150 caracteres',
    latitude_required: 'Debes ingresar la latitud',
    latitude_range: 'La latitud debe ser un número entre -90 y 90',
    longitude_required: 'Debes ingresar la longitud',
    longitude_range: 'La longitud debe ser un número entre -180 y 180',
    alias_used: 'El alias ya se encuentra en uso',
    alias_locked: 'El alias no se puede cambiar porque el portal ya está instalado',
    allowed_url: 'Debes ingresar una URL completa que empiece por http:// o https:// (varias, separadas por comas)',
    domain_used: 'El Dominio (URL) ya se encuentra en uso',
    municipality: 'El municipio no pertenece al departamento seleccionado',
  },
  audit: {
    date_invalid: 'La fecha no es válida',
  },
  /** The engine's e-mail field kind's message (resources/fieldKinds.ts EMAIL_MESSAGE), used by every form. */
  superadmin: {
    email_invalid: 'Correo electrónico no válido',
  },
} as const;
