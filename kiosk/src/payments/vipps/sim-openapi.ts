import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import formats from 'ajv-formats';
import { parse } from 'yaml';

/**
 * The OpenAPI documents Vipps MobilePay publishes (the files beside this one, which the
 * conformance tests check the simulator's answers against), compiled once with ajv: every
 * request the simulator takes is checked against its operation's header, path and body
 * schemas, so a rule the document states is never forgotten by hand.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** The documents, with where their paths start (the path part of their first server). */
const DOCUMENTS = [
  { key: 'epayment', file: 'epayment.v1.yml' },
  { key: 'webhooks', file: 'webhooks.swagger.yaml' },
  { key: 'accesstoken', file: 'accesstoken.swagger.yaml' },
] as const;

/** Reads one of the documents as published (the conformance tests read them through here too). */
export function vippsDocument(file: string): JsonObject {
  return parse(readFileSync(new URL(`./${file}`, import.meta.url), 'utf8')) as JsonObject;
}

/** JSON Schema's "if `when` holds, `then` must too". */
const implies = (when: Json, then: Json): Json => ({ if: when, then });

/**
 * What a document says in words rather than in its schemas, written as schema so it is
 * checked the same way (ePayment API guide and the field descriptions in the document).
 */
const PROSE_RULES: Record<string, Json[]> = {
  CreatePaymentRequest: [
    // "If `userFlow` is `PUSH_MESSAGE`, a valid value for `customer` is required."
    implies({ properties: { userFlow: { const: 'PUSH_MESSAGE' } } }, { required: ['customer'] }),
    // "If `userFlow` is `WEB_REDIRECT`, a valid value for `returnUrl` is required."
    implies({ properties: { userFlow: { const: 'WEB_REDIRECT' } } }, { required: ['returnUrl'] }),
    // "`CARD` has to be combined with a `userFlow` of `WEB_REDIRECT`"
    implies(
      { properties: { paymentMethod: { properties: { type: { const: 'CARD' } } } } },
      { properties: { userFlow: { const: 'WEB_REDIRECT' } } },
    ),
  ],
};

/**
 * The create request refers to the Order Management API's receipt by its address; that
 * document is not kept here, so a receipt is only checked to be an object.
 */
const EXTERNAL = {
  'https://raw.githubusercontent.com/vippsas/vipps-order-management-api/2.3.24/docs/swagger.yaml': {
    components: { schemas: { Receipt: { type: 'object' } } },
  },
};

/** Vipps' error codes for a field that breaks its schema, where the API guide names one. */
const FIELD_CODES: [RegExp, string][] = [
  [/^\/customer\/phoneNumber$/, '4070'],
  [/^\/(amount|modificationAmount)\/value$/, '4040'],
];

export interface RequestShape {
  method: string;
  path: string;
  header(name: string): string | undefined;
  /** the raw body ('' when there is none) */
  body: string;
}

export interface Refusal {
  /** what was wrong, one line per rule broken */
  detail: string;
  /** Vipps' error code, where one fits */
  code: string;
  fields: { name: string; reason: string }[];
}

interface Operation {
  method: string;
  pattern: RegExp;
  params: { name: string; in: 'header' | 'path'; required: boolean; validate: ValidateFunction }[];
  body: { required: boolean; validate: ValidateFunction } | undefined;
}

export type RequestCheck = (request: RequestShape) => Refusal | undefined;

/** Compiles the documents' operations; the answer checks one request against them. */
export function compileVippsRequestCheck(): RequestCheck {
  const ajv = new Ajv({ strict: false, allErrors: true, logger: false });
  formats.default(ajv);
  for (const [id, schema] of Object.entries(EXTERNAL)) ajv.addSchema(schema, id);
  const operations: Operation[] = [];
  for (const { key, file } of DOCUMENTS) {
    const document = normalise(vippsDocument(file));
    ajv.addSchema(document, key);
    operations.push(...compileOperations(ajv, key, document));
  }
  return (request) => {
    const operation = operations.find((o) => o.method === request.method && o.pattern.test(request.path));
    return operation ? check(operation, request) : undefined;
  };
}

function check(operation: Operation, request: RequestShape): Refusal | undefined {
  const fields: { name: string; reason: string }[] = [];
  const match = operation.pattern.exec(request.path);
  for (const param of operation.params) {
    const value =
      param.in === 'header' ? request.header(param.name) : decodeURIComponent(match?.groups?.[param.name] ?? '');
    if (value === undefined) {
      if (param.required) fields.push({ name: param.name, reason: `the ${param.name} header is required` });
      continue;
    }
    if (!param.validate(value)) fields.push(...describe(param.name, param.validate.errors));
  }
  if (operation.body) {
    if (request.body.trim() === '') {
      if (operation.body.required) fields.push({ name: 'body', reason: 'a JSON body is required' });
    } else {
      const body = parseJson(request.body);
      if (!body.ok) fields.push({ name: 'body', reason: 'the body is not JSON' });
      else if (!operation.body.validate(body.value)) fields.push(...describe('', operation.body.validate.errors));
    }
  }
  if (fields.length === 0) return undefined;
  const code = FIELD_CODES.find(([field]) => fields.some((f) => field.test(f.name)))?.[1] ?? '400';
  return { detail: fields.map((f) => `${f.name || 'body'}: ${f.reason}`).join('; '), code, fields };
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** ajv's errors as Vipps names them: the field (a JSON pointer into the body, or the header) and why. */
function describe(prefix: string, errors: ErrorObject[] | null | undefined) {
  // a failed `if` only repeats what its `then` already said
  const useful = (errors ?? []).filter((e) => e.keyword !== 'if');
  return useful.map((e) => {
    const missing = e.keyword === 'required' ? `/${String(e.params.missingProperty)}` : '';
    return { name: `${prefix}${e.instancePath}${missing}`, reason: e.message ?? e.keyword };
  });
}

function compileOperations(ajv: Ajv, key: string, document: JsonObject): Operation[] {
  const servers = document.servers as { url: string }[] | undefined;
  const base = servers?.[0] ? new URL(servers[0].url).pathname.replace(/\/$/, '') : '';
  const paths = document.paths as Record<string, JsonObject>;
  const operations: Operation[] = [];
  for (const [template, item] of Object.entries(paths)) {
    // after any prefix: the simulator may be mounted under a path (the kiosk's /vipps-sim)
    const pattern = new RegExp(
      `^(?:/.*)?${base}${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, '(?<$1>[^/]+)')}$`,
    );
    for (const method of ['get', 'post', 'put', 'delete', 'patch']) {
      const operation = item[method] as JsonObject | undefined;
      if (!operation) continue;
      const at = ['paths', template];
      const declared = [
        ...((item.parameters as Json[] | undefined) ?? []).map((p, i) => ({ p, at: [...at, 'parameters', String(i)] })),
        ...((operation.parameters as Json[] | undefined) ?? []).map((p, i) => ({
          p,
          at: [...at, method, 'parameters', String(i)],
        })),
      ];
      const params = declared.flatMap(({ p, at: where }): Operation['params'] => {
        const { value, pointer } = resolve(document, p, where);
        const param = value as { name: string; in: string; required?: boolean };
        const place = param.in;
        if (place !== 'header' && place !== 'path') return [];
        return [
          {
            name: param.name,
            in: place,
            required: param.required === true,
            validate: ajv.compile({ $ref: ref(key, [...pointer, 'schema']) }),
          },
        ];
      });
      const requestBody = operation.requestBody
        ? resolve(document, operation.requestBody, [...at, method, 'requestBody'])
        : undefined;
      const json = (requestBody?.value as { content?: Record<string, Json> } | undefined)?.content?.[
        'application/json'
      ];
      operations.push({
        method: method.toUpperCase(),
        pattern,
        params,
        body:
          requestBody && json
            ? {
                required: (requestBody.value as { required?: boolean }).required === true,
                validate: ajv.compile({
                  $ref: ref(key, [...requestBody.pointer, 'content', 'application/json', 'schema']),
                }),
              }
            : undefined,
      });
    }
  }
  return operations;
}

/** Follows a local `$ref` (`#/components/...`) to what it names, and says where that lies. */
function resolve(document: JsonObject, value: Json, pointer: string[]): { value: Json; pointer: string[] } {
  const target = (value as { $ref?: string } | null)?.$ref;
  if (typeof target !== 'string' || !target.startsWith('#/')) return { value, pointer };
  const path = target
    .slice(2)
    .split('/')
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
  const found = path.reduce<Json>((node, segment) => (node as JsonObject)[segment] ?? null, document);
  return resolve(document, found, path);
}

const ref = (key: string, pointer: string[]) =>
  `${key}#/${pointer.map((s) => encodeURIComponent(s.replaceAll('~', '~0').replaceAll('/', '~1'))).join('/')}`;

/**
 * OpenAPI 3.0 schemas as JSON Schema, keeping what the document means:
 * - `nullable` without `type` (which ajv refuses) gets the type its keywords imply;
 * - a `oneOf` of object shapes that require nothing ("specify one of these") requires each
 *   shape's own fields, so exactly one of them is given;
 * - the rules the document states in prose are added to their schemas (`PROSE_RULES`).
 */
function normalise(published: JsonObject): JsonObject {
  const document = structuredClone(published);
  const schemas = ((document.components as JsonObject | undefined)?.schemas ?? {}) as Record<string, JsonObject>;
  const walk = (node: Json) => {
    if (Array.isArray(node)) {
      node.forEach(walk);
      return;
    }
    if (!node || typeof node !== 'object') return;
    if ('nullable' in node && !('type' in node)) {
      if ('properties' in node || 'additionalProperties' in node) node.type = 'object';
      else delete node.nullable;
    }
    if (Array.isArray(node.oneOf)) {
      const shapes = node.oneOf.map((branch) => resolve(document, branch, []).value as JsonObject);
      if (shapes.every((s) => s.properties && !s.required)) {
        node.oneOf = shapes.map((s) => ({ ...s, required: Object.keys(s.properties as JsonObject) }));
      }
    }
    for (const child of Object.values(node)) walk(child);
  };
  walk(document);
  for (const [name, rules] of Object.entries(PROSE_RULES)) {
    const schema = schemas[name];
    if (schema) schema.allOf = [...((schema.allOf as Json[] | undefined) ?? []), ...rules];
  }
  return document;
}
