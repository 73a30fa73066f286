/**
 * The OpenAPI document a client generator can use (docs/decisions/0021-security-headers-and-api-reference.md). Everything is
 * derived from the route declarations, so a route added later is documented the same way:
 * - every operation has an `operationId` (declared, or derived from method and path: `operationIdFor`);
 * - its 2xx answer carries a schema: the route's `schema.response` (which Fastify also uses to serialise)
 *   or its document-only `documentedResponses` (never used to serialise, so it cannot drop a field);
 * - its 4xx answers reference the shared error envelope (`components.responses`), chosen from its access
 *   (public: no 401/403), its shape (path parameter: 404; body or query string: 400), its rate limit (429)
 *   and the statuses it declares beyond those (`errorResponses`);
 * - public operations say `security: []`, the others `bearerAuth`; tags are declared at the top level.
 */
import type { FastifyDynamicSwaggerOptions, SwaggerTransformObject } from '@fastify/swagger';
import type { FastifySchema, RouteOptions } from 'fastify';
import type { OpenAPIV3 } from 'openapi-types';
import type { AnyObject, ObjectSchema, SchemaDescription, SchemaFieldDescription } from 'yup';
import { resources } from '../../resources';
import { t } from '../i18n';
import type { Access } from './access';

type JsonSchema = Record<string, unknown>;

/** The error statuses an operation can document, each a shared response of `components.responses`. */
export const ERROR_RESPONSES = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  410: 'Gone',
  429: 'TooManyRequests',
  502: 'BadGateway',
} as const;

export type ErrorStatus = keyof typeof ERROR_RESPONSES;

/** What a route declares for the document only (kept in the route's `config.openapi`). */
export interface RouteDocumentation {
  /** Answers documented without serialising through them (for handlers without a `schema.response`). */
  documentedResponses?: Record<number, JsonSchema>;
  /** Error statuses beyond those derived from access, shape and rate limit. */
  errorResponses?: readonly ErrorStatus[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    openapi?: RouteDocumentation;
  }
}

const YUP_TYPE_WORDS: Record<string, string> = { string: 'texto', number: 'número', boolean: 'true o false', array: 'lista', object: 'objeto', date: 'fecha' };

/** A field's type in words; an object's own fields named after it (`objeto: name, email`). */
function describedProperty(description: SchemaFieldDescription): JsonSchema {
  const { type } = description as SchemaDescription;
  const fields = Object.keys((description as { fields?: Record<string, unknown> }).fields ?? {});
  const words = YUP_TYPE_WORDS[type] ?? 'valor';
  return { description: type === 'object' && fields.length > 0 ? `${words}: ${fields.join(', ')}` : words };
}

/**
 * The documented body of a hand route whose handler validates it with a yup schema (so that every refusal carries the
 * field's Spanish message): its fields, each with its type in words. No JSON types: Fastify's own validation would
 * refuse first, with a generic message. The fuzz test reads these fields (tests/api/fuzz.test.ts).
 */
export function yupBodySchema(schema: ObjectSchema<AnyObject>): JsonSchema {
  const fields = schema.describe().fields;
  return {
    type: 'object',
    description: 'Validado en el servidor; cada campo rechazado se informa en `error.details` con su `target`.',
    properties: Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, describedProperty(field)])),
  };
}

/** The envelope of every error answer (server/http/errors.ts). */
export const errorEnvelopeSchema: JsonSchema = {
  type: 'object',
  description: 'Sobre de todo error de la API: un código estable, un mensaje en español y el detalle por campo.',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message', 'details'],
      properties: {
        code: { type: 'string', description: 'Código estable del error (BadArgument, NotFound, Locked…).' },
        message: { type: 'string', description: 'Mensaje en español para mostrar.' },
        details: {
          type: 'array',
          description: 'Un elemento por campo rechazado (vacío si el error no es de un campo).',
          items: {
            type: 'object',
            required: ['code', 'target', 'message'],
            properties: {
              code: { type: 'string', description: 'Código del rechazo.' },
              target: { type: 'string', description: 'Campo rechazado.' },
              message: { type: 'string', description: 'Mensaje en español para ese campo.' },
              value: { type: 'string', description: 'Valor al que apunta el rechazo, cuando una pantalla lo necesita (p. ej. el id de la entidad con una copia de seguridad pendiente).' },
            },
          },
        },
      },
    },
  },
};

/** `components` of the document: the bearer scheme, the error envelope and one response per error status. */
export function sharedComponents(): OpenAPIV3.ComponentsObject {
  return {
    securitySchemes: {
      bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      // Portal routes: `Authorization: Portal pk_<keyId>.<secret>` (server/portal/keys.ts).
      portalKey: { type: 'apiKey', in: 'header', name: 'Authorization' },
    },
    schemas: { Error: errorEnvelopeSchema as OpenAPIV3.SchemaObject },
    responses: Object.fromEntries(
      Object.values(ERROR_RESPONSES).map((name) => [
        name,
        {
          description: t(`openapi.responses.${name}`),
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      ]),
    ),
  };
}

function words(text: string): string[] {
  return text.split(/[^A-Za-z0-9]+/).filter(Boolean);
}

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The derived operationId: the method, then each path segment (after /api/v1) capitalised, a parameter as
 * `By<Name>`: `GET /users/:id` → `getUsersById`, `POST /jobs/:id/cancel` → `postJobsByIdCancel`. Unique because
 * method and path are (the router ignores case and the trailing slash, so two routes never differ only by those).
 */
export function operationIdFor(method: string, url: string): string {
  const path = url.replace(/^\/api\/v1(?=\/|$)/i, '');
  const parts = path
    .split('/')
    .filter(Boolean)
    .flatMap((segment) =>
      segment.startsWith(':') || segment.startsWith('{')
        ? [`By${words(segment).map(capitalise).join('')}`]
        : words(segment).map(capitalise),
    );
  return `${method.toLowerCase()}${parts.join('')}`;
}

/** The error statuses an operation documents, in order. */
export function errorStatusesFor(route: {
  access: Access | undefined;
  hasBody: boolean;
  hasQuery: boolean;
  hasPathParams: boolean;
  rateLimited: boolean;
  extra?: readonly ErrorStatus[];
}): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(route.extra ?? []);
  if (route.hasBody || route.hasQuery) statuses.add(400);
  if (route.access !== undefined && route.access !== 'public') statuses.add(401);
  if (typeof route.access === 'object') statuses.add(403);
  if (route.hasPathParams) statuses.add(404);
  if (route.rateLimited) statuses.add(429);
  return [...statuses].sort((a, b) => a - b);
}

/** Carries the chosen error statuses from `documentRoute` to `finishDocument` (removed there). */
const ERRORS_KEY = 'x-portales-errors';

/**
 * @fastify/swagger's `transform`: adds to the route's schema, for the document only, its documented answers,
 * its security and its error statuses. The route's real schema (validation, serialisation) is untouched.
 */
export function documentRoute({ schema, url, route }: { schema: FastifySchema; url: string; route: RouteOptions }): {
  schema: FastifySchema;
  url: string;
} {
  if (!schema || schema.hide) return { schema, url };
  const config = (route.config ?? {}) as { access?: Access; rateLimit?: unknown; openapi?: RouteDocumentation };
  const documentation = config.openapi ?? {};
  // A declared serialisation schema wins over a documented one for the same status.
  const response = { ...documentation.documentedResponses, ...(schema.response as Record<string, unknown> | undefined) };
  const methods = [route.method].flat().map(String);
  const errors = errorStatusesFor({
    access: config.access,
    hasBody: schema.body !== undefined,
    hasQuery: schema.querystring !== undefined,
    hasPathParams: /\/[:{]/.test(url),
    rateLimited: config.rateLimit !== undefined,
    extra: documentation.errorResponses,
  });
  return {
    url,
    schema: {
      ...schema,
      operationId: schema.operationId ?? operationIdFor(methods[0] ?? 'get', url),
      ...(schema.security ? {} : { security: config.access === 'public' ? [] : [{ bearerAuth: [] }] }),
      ...(Object.keys(response).length > 0 ? { response } : {}),
      [ERRORS_KEY]: errors,
    } as FastifySchema,
  };
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** The description of a top-level tag: its own text in i18n, else the title of the resource it names. */
function tagDescription(tag: string): string {
  const key = `openapi.tags.${tag}`;
  const own = t(key);
  if (own !== key) return own;
  const resource = resources.find((declaration) => declaration.name === tag);
  return resource ? t(resource.title) : t('openapi.tag_fallback', { tag });
}

/**
 * @fastify/swagger's `transformObject`: turns each operation's error statuses into references to the shared
 * responses, gives an operation registered for several methods one operationId per method, declares the
 * tags in use at the top level and keeps only the shared responses and security schemes some operation references.
 */
export const finishDocument: SwaggerTransformObject = (documentObject) => {
  if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
  const document = documentObject.openapiObject as OpenAPIV3.Document;
  const usedResponses = new Set<string>();
  const usedTags = new Set<string>();
  const usedSchemes = new Set<string>();
  const seen = new Set<OpenAPIV3.OperationObject>();
  for (const pathItem of Object.values(document.paths ?? {})) {
    if (!pathItem) continue;
    for (const method of METHODS) {
      let operation = pathItem[method] as (OpenAPIV3.OperationObject & { [ERRORS_KEY]?: ErrorStatus[] }) | undefined;
      if (!operation) continue;
      if (seen.has(operation)) {
        // One route with several methods: the plugin shares one operation object between them.
        operation = { ...operation, operationId: `${operation.operationId ?? ''}${capitalise(method)}` };
        pathItem[method] = operation;
      }
      seen.add(operation);
      const errors = operation[ERRORS_KEY] ?? [];
      delete operation[ERRORS_KEY];
      const responses: OpenAPIV3.ResponsesObject = { ...operation.responses };
      for (const [status, response] of Object.entries(responses)) {
        // The plugin's placeholder for an answer whose schema has no description.
        if ('description' in response && response.description === 'Default Response') {
          responses[status] = { ...response, description: t(status === '201' ? 'openapi.responses.created' : 'openapi.responses.success') };
        }
      }
      for (const status of errors) {
        const name = ERROR_RESPONSES[status];
        responses[String(status)] = { $ref: `#/components/responses/${name}` };
        usedResponses.add(name);
      }
      operation.responses = responses;
      for (const tag of operation.tags ?? []) usedTags.add(tag);
      for (const requirement of operation.security ?? []) for (const scheme of Object.keys(requirement)) usedSchemes.add(scheme);
    }
  }
  const components = document.components ?? {};
  components.responses = Object.fromEntries(Object.entries(components.responses ?? {}).filter(([name]) => usedResponses.has(name)));
  // Only the security schemes some operation requires (a server without portal routes has no portalKey).
  components.securitySchemes = Object.fromEntries(Object.entries(components.securitySchemes ?? {}).filter(([name]) => usedSchemes.has(name)));
  const declared = new Map((document.tags ?? []).map((tag) => [tag.name, tag]));
  for (const tag of [...usedTags].sort((a, b) => a.localeCompare(b, 'es'))) {
    if (!declared.has(tag)) declared.set(tag, { name: tag, description: tagDescription(tag) });
  }
  document.tags = [...declared.values()];
  document.components = components;
  return document;
};

/** The options of @fastify/swagger: document header, shared components and the two transforms above. */
export function swaggerOptions(config: { publicUrl: string }): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: t('openapi.info.title'),
        description: t('openapi.info.description'),
        version: '1.0.0',
        license: { name: t('openapi.info.license'), url: `${config.publicUrl}/` },
      },
      // Relative: the API is served by the same server that publishes the document, whatever its address.
      servers: [{ url: '/', description: t('openapi.servers.same_origin') }],
      components: sharedComponents(),
    },
    transform: documentRoute,
    transformObject: finishDocument,
    hideUntagged: false,
  };
}
