import type { TestApp } from './test-app.ts';

/** The API's operations as the OpenAPI document at /api/docs/json lists them, for tests that must cover every one. */

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As the document writes it: `/api/admin/orders/{id}`. */
  path: string;
  parameters: Parameter[];
  /** The body's content type and schema, when the operation reads one. */
  body?: { contentType: string; schema: JsonSchema };
  summary: string;
}

export const operationName = (op: Operation) => `${op.method} ${op.path}`;

export async function readOperations(t: TestApp): Promise<Operation[]> {
  const res = await t.api.get('/api/docs/json');
  if (res.statusCode !== 200) throw new Error(`/api/docs/json answered ${res.statusCode}`);
  const doc = res.json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: Parameter[];
          requestBody?: { content: Record<string, { schema: JsonSchema }> };
          summary?: string;
          description?: string;
        }
      >
    >;
  };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = op.requestBody ? Object.entries(op.requestBody.content)[0] : undefined;
      // The catalogue's uploads say in words that they read a multipart body.
      const multipartInWords = !content && /multipart\/form-data/.test(op.description ?? '');
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        parameters: op.parameters ?? [],
        ...(content
          ? { body: { contentType: content[0], schema: content[1].schema } }
          : multipartInWords
            ? { body: { contentType: 'multipart/form-data', schema: { type: 'object', properties: {} } } }
            : {}),
        summary: op.summary ?? '',
      });
    }
  }
  return operations;
}

/** The operation's address with its path parameters filled in (each value escaped unless `raw`). */
export function fillPath(path: string, values: Record<string, string>, raw = false): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values[name] ?? '1';
    return raw ? value : encodeURIComponent(value);
  });
}

export function withQuery(url: string, query: Record<string, string | string[]>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : [value]) search.append(key, v);
  }
  const text = search.toString();
  return text ? `${url}?${text}` : url;
}

const mainType = (schema: JsonSchema): string | undefined => {
  if (schema.anyOf ?? schema.oneOf) {
    const first = (schema.anyOf ?? schema.oneOf ?? []).find((s) => s.type !== 'null');
    return first ? mainType(first) : undefined;
  }
  return Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
};

export const schemaType = mainType;

/**
 * A value the schema would take, naming no record that exists (ids far above any the tests
 * make), so that an answer to a request built on it never changes anything by itself.
 */
export function plausibleValue(schema: JsonSchema | undefined): unknown {
  if (!schema) return '999999';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return plausibleValue(alternatives.find((s) => s.type !== 'null') ?? alternatives[0]);
  switch (mainType(schema)) {
    case 'integer':
    case 'number': {
      const low = schema.minimum ?? schema.exclusiveMinimum ?? Number.NEGATIVE_INFINITY;
      const high = schema.maximum ?? Number.POSITIVE_INFINITY;
      return Math.min(Math.max(999_999, low), high);
    }
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => plausibleValue(schema.items));
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, plausibleValue(s)]));
    default: {
      if (schema.format === 'email') return 'fuzz-nobody@example.com';
      if (schema.format === 'date') return '2026-01-01';
      const text = '999999';
      return schema.maxLength !== undefined && schema.maxLength < text.length ? text.slice(0, schema.maxLength) : text;
    }
  }
}
