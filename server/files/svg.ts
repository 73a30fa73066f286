/**
 * SVG uploads: kept only as an allow-list of drawing elements and presentation attributes. No script, no
 * event handler (on*), no foreignObject, no style element or attribute (CSS can fetch with url() and
 * @import), and every reference (href, xlink:href, url(…)) only to a fragment of the same document ('#…').
 */
import sanitizeHtml from 'sanitize-html';

const SVG_ELEMENTS = [
  'svg', 'g', 'defs', 'symbol', 'use', 'title', 'desc', 'metadata',
  'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon',
  'text', 'tspan', 'textPath',
  'linearGradient', 'radialGradient', 'stop', 'pattern', 'clipPath', 'mask', 'marker',
  'filter', 'feGaussianBlur', 'feOffset', 'feBlend', 'feColorMatrix', 'feComposite', 'feFlood', 'feMerge', 'feMergeNode',
];

const SVG_ATTRIBUTES = [
  'id', 'class', 'xmlns', 'xmlns:xlink', 'version', 'viewBox', 'preserveAspectRatio', 'width', 'height', 'x', 'y',
  'x1', 'x2', 'y1', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'fx', 'fy', 'd', 'points', 'pathLength', 'transform',
  'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-opacity', 'stroke-linecap', 'stroke-linejoin',
  'stroke-dasharray', 'stroke-dashoffset', 'stroke-miterlimit', 'opacity', 'color', 'visibility', 'display',
  'clip-path', 'clip-rule', 'clipPathUnits', 'mask', 'maskUnits', 'maskContentUnits', 'marker-start', 'marker-mid', 'marker-end',
  'markerWidth', 'markerHeight', 'markerUnits', 'refX', 'refY', 'orient', 'offset', 'stop-color', 'stop-opacity',
  'gradientUnits', 'gradientTransform', 'spreadMethod', 'patternUnits', 'patternContentUnits', 'patternTransform',
  'font-family', 'font-size', 'font-weight', 'font-style', 'text-anchor', 'dominant-baseline', 'letter-spacing',
  'dx', 'dy', 'rotate', 'textLength', 'lengthAdjust', 'startOffset', 'href', 'xlink:href',
  'filter', 'filterUnits', 'primitiveUnits', 'in', 'in2', 'result', 'stdDeviation', 'mode', 'type', 'values',
  'operator', 'k1', 'k2', 'k3', 'k4', 'flood-color', 'flood-opacity', 'role', 'aria-label', 'aria-hidden', 'focusable',
];

/** A value naming another resource: only '#fragment' references (and url(#fragment)) are kept. */
const REFERENCE_ATTRIBUTES = new Set(['href', 'xlink:href']);
const isFragment = (value: string) => /^\s*#[\w.:-]*\s*$/.test(value);
const hasOnlyFragmentUrls = (value: string) => [...value.matchAll(/url\s*\(([^)]*)\)/gi)].every((match) => isFragment(match[1]!.replace(/["']/g, '')));

function keepSafeAttributes(tagName: string, attribs: Record<string, string>) {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(attribs)) {
    if (REFERENCE_ATTRIBUTES.has(name) && !isFragment(value)) continue;
    if (!hasOnlyFragmentUrls(value)) continue;
    // Entities or escapes could spell 'javascript:' past the checks above: refused outright.
    if (/[&\\]/.test(value) || /script\s*:/i.test(value)) continue;
    kept[name] = value;
  }
  return { tagName, attribs: kept };
}

/** The SVG cleaned; null when nothing drawable is left (not an SVG document). */
export function sanitizeSvg(source: string): string | null {
  const cleaned = sanitizeHtml(source, {
    allowedTags: SVG_ELEMENTS,
    allowedAttributes: Object.fromEntries(SVG_ELEMENTS.map((element) => [element, SVG_ATTRIBUTES])),
    // Nothing outside the allow-list survives, text included (a <script>'s or <style>'s content is dropped with it).
    disallowedTagsMode: 'discard',
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'foreignObject', 'iframe', 'object', 'embed'],
    allowedSchemes: [],
    allowedSchemesAppliedToAttributes: [],
    allowProtocolRelative: false,
    parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false, decodeEntities: true },
    transformTags: { '*': keepSafeAttributes },
  }).trim();
  if (!/^<svg[\s>]/.test(cleaned)) return null;
  return cleaned;
}
