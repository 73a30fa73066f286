/** Texts of uploaded files (server/files): the upload rules' messages, with the spec's wording (spec 02 and 03 'Uploads'). */
export const files = {
  errors: {
    empty: 'El archivo que intentas subir no tiene peso',
    too_big: 'Sube archivos de menos de %{n} Mb',
    too_big_default: 'El tamaño de los archivos no pueden exceder los 10MB de tamaño',
    too_big_logo: 'El tamaño de los logos no pueden exceder los 5MB de tamaño',
    too_big_footer_sign: 'El archivo SVG del sello no puede pesar más de 5 KB',
    // Spec 02 §5 'Banner' and 'Global logos': dimensions of the decoded image (resources/imageRules.ts).
    image_wider: 'Debes subir una imagen mas ancha. Te recomendamos subir una imagen de mínimo %{w}px x %{h}px',
    image_taller: 'Debes subir una imagen mas alta. Te recomendamos subir una imagen de mínimo %{w}px x %{h}px',
    image_too_large: 'La imagen no puede medir más de %{w}px x %{h}px',
    image_exact: 'La imagen debe medir exactamente %{w}px x %{h}px',
    not_croppable: 'Esta imagen no se puede recortar.',
    wrong_type: 'No puedes subir este tipo de archivo.',
    missing: 'Debes adjuntar un archivo.',
    unknown_element_type: 'No se puede subir este archivo',
    unreadable_image: 'No se puede subir este archivo',
    not_multipart: 'El archivo debe enviarse como formulario multipart (campo file).',
    malformed: 'El archivo no llegó completo o el formulario no es válido. Intenta subirlo de nuevo.',
    one_file: 'Adjunta un solo archivo, en el campo file.',
    file_not_found: 'El archivo no existe.',
  },
};

export const messages = { files };
