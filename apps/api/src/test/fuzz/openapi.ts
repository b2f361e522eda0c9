/** The operations of the app's own OpenAPI document: what the fuzz suite aims at. */
export interface JsonSchema {
  type?: string | string[];
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  default?: unknown;
}

export interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** The path template, e.g. /api/v1/products/{id}. */
  path: string;
  parameters: Parameter[];
  /** The JSON body schema when the route declares one. */
  body: JsonSchema | undefined;
  /** The route reads its body by hand (multipart forms, uploads, callbacks). */
  undeclaredBody: boolean;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>>;
}

export function operationsOf(document: unknown): Operation[] {
  const doc = document as OpenApiDocument;
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const upper = method.toUpperCase();
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(upper)) continue;
      const body = operation.requestBody?.content?.['application/json']?.schema;
      operations.push({
        method: upper,
        path,
        parameters: (operation.parameters ?? []).map((p) => ({ in: p.in as Parameter['in'], name: p.name, required: p.required ?? false, schema: p.schema ?? {} })),
        body,
        undeclaredBody: body === undefined && upper !== 'GET' && upper !== 'DELETE',
      });
    }
  }
  return operations;
}
