import { describe, expect, it } from 'vitest';
import { contentDisposition, fileExtension, MAX_NAME_LENGTH, sanitizeFileName } from './names';

describe('sanitizeFileName', () => {
  it.each([
    ['informe.pdf', 'informe.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['..\\..\\windows\\system32\\cmd.exe', 'cmd.exe'],
    ['/absolute/path/foto.JPG', 'foto.JPG'],
    ['..', 'archivo'],
    ['', 'archivo'],
    ['.htaccess', 'htaccess'],
    ['nombre\u0000oculto.pdf', 'nombreoculto.pdf'],
    ['línea\r\nnueva.txt', 'líneanueva.txt'],
    ['factura\u202Efdp.exe', 'facturafdp.exe'],
    ['a<b>c:d"e|f?g*h.doc', 'a_b_c_d_e_f_g_h.doc'],
    ['  espacios    de   más .docx  ', 'espacios de más .docx'],
    ['documento.pdf...', 'documento.pdf'],
    ['Cafe\u0301.png', 'Café.png'],
  ])('%j → %j', (raw, expected) => {
    expect(sanitizeFileName(raw)).toBe(expected);
  });

  it('cuts a long name keeping its extension', () => {
    const name = sanitizeFileName(`${'a'.repeat(400)}.xlsx`);
    expect(name.length).toBe(MAX_NAME_LENGTH);
    expect(name.endsWith('.xlsx')).toBe(true);
  });
});

describe('fileExtension', () => {
  it.each([
    ['foto.JPG', 'jpg'],
    ['archivo.tar.gz', 'gz'],
    ['sinextension', ''],
  ])('%j → %j', (name, expected) => {
    expect(fileExtension(name)).toBe(expected);
  });
});

describe('contentDisposition', () => {
  it.each([
    ['attachment', 'informe.pdf', `attachment; filename="informe.pdf"; filename*=UTF-8''informe.pdf`],
    ['inline', 'Año 2024 (final).png', `inline; filename="Ano 2024 (final).png"; filename*=UTF-8''A%C3%B1o%202024%20%28final%29.png`],
    ['attachment', 'cita "x" 100%.txt', `attachment; filename="cita _x_ 100_.txt"; filename*=UTF-8''cita%20%22x%22%20100%25.txt`],
  ] as const)('%s %j', (type, name, expected) => {
    expect(contentDisposition(type, name)).toBe(expected);
  });
});
