/**
 * The fixed parts of an XLSX export (server/exports/xlsxFile.ts): everything but the worksheet, as small templates.
 * One worksheet (`xl/worksheets/sheet1.xml`), no shared strings (cells hold inline strings), no theme: Excel,
 * LibreOffice and exceljs open such a file. Styles: 0 plain, 1 bold (the header row), 2 a date.
 */
import { xmlText } from './xmlText';

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** The worksheet's path in the zip. */
export const SHEET_PART = 'xl/worksheets/sheet1.xml';
/** The number format of date cells: Colombian day first, the time on a 12-hour clock (resources/dates.ts, issue 21). */
export const DATE_FORMAT = 'dd/mm/yyyy hh:mm AM/PM';
/** Index in `cellXfs` (stylesXml) of the header cells' style: bold. */
export const STYLE_BOLD = 1;
/** Index in `cellXfs` (stylesXml) of the date cells' style: `DATE_FORMAT`. */
export const STYLE_DATE = 2;

export function contentTypesXml(): string {
  const type = (kind: string) => `application/vnd.openxmlformats-officedocument.spreadsheetml.${kind}+xml`;
  return (
    `${XML_DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    `<Override PartName="/xl/workbook.xml" ContentType="${type('sheet.main')}"/>` +
    `<Override PartName="/${SHEET_PART}" ContentType="${type('worksheet')}"/>` +
    `<Override PartName="/xl/styles.xml" ContentType="${type('styles')}"/>` +
    '</Types>'
  );
}

/** `_rels/.rels`: the package's main part is the workbook. */
export function packageRelsXml(): string {
  return (
    `${XML_DECLARATION}<Relationships xmlns="${PACKAGE_RELATIONSHIPS_NS}">` +
    `<Relationship Id="rId1" Type="${RELATIONSHIPS_NS}/officeDocument" Target="xl/workbook.xml"/>` +
    '</Relationships>'
  );
}

/** `xl/workbook.xml`: one visible sheet named `sheetName`. */
export function workbookXml(sheetName: string): string {
  return (
    `${XML_DECLARATION}<workbook xmlns="${MAIN_NS}" xmlns:r="${RELATIONSHIPS_NS}">` +
    `<sheets><sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`
  );
}

/** `xl/_rels/workbook.xml.rels`: the worksheet and the styles. */
export function workbookRelsXml(): string {
  return (
    `${XML_DECLARATION}<Relationships xmlns="${PACKAGE_RELATIONSHIPS_NS}">` +
    `<Relationship Id="rId1" Type="${RELATIONSHIPS_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
    `<Relationship Id="rId2" Type="${RELATIONSHIPS_NS}/styles" Target="styles.xml"/>` +
    '</Relationships>'
  );
}

/** `xl/styles.xml`: Calibri 11, the same font bold, and the date format (custom format 164, the first free id). */
export function stylesXml(): string {
  return (
    `${XML_DECLARATION}<styleSheet xmlns="${MAIN_NS}">` +
    `<numFmts count="1"><numFmt numFmtId="164" formatCode="${xmlText(DATE_FORMAT)}"/></numFmts>` +
    '<fonts count="2">' +
    '<font><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
    '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
    '</fonts>' +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    '<cellXfs count="3">' +
    '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
    '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
    '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
    '</cellXfs>' +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
    '</styleSheet>'
  );
}

/** The fixed parts, in the order they are written before the worksheet. */
export function fixedParts(sheetName: string): { name: string; xml: string }[] {
  return [
    { name: '[Content_Types].xml', xml: contentTypesXml() },
    { name: '_rels/.rels', xml: packageRelsXml() },
    { name: 'xl/workbook.xml', xml: workbookXml(sheetName) },
    { name: 'xl/_rels/workbook.xml.rels', xml: workbookRelsXml() },
    { name: 'xl/styles.xml', xml: stylesXml() },
  ];
}
