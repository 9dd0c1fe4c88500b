import { readFileSync } from 'node:fs';

/**
 * Visma's published contract as the simulator and the tests read it: the subset of the Swagger
 * 2.0 document in `visma-eaccounting-v2.subset.json` (made by extract.ts; README.md says where it
 * comes from). Rules are looked up here by operation (`POST /v2/customers`) and definition name
 * (`InvoicePaymentApi`), so a simulator rule cites the same name the document uses.
 */

export interface Schema {
  type?: 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'file';
  format?: string;
  maxLength?: number;
  minLength?: number;
  maximum?: number;
  minimum?: number;
  enum?: unknown[];
  pattern?: string;
  items?: Schema;
  $ref?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  description?: string;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'body';
  required?: boolean;
  type?: string;
  format?: string;
  schema?: Schema;
}

export interface Operation {
  operationId: string;
  /** "Requires any of the following scopes" of the operation's description. */
  scopes: string[];
  parameters: Parameter[];
  produces: string[];
  responses: Record<string, { description: string; schema?: Schema }>;
}

export interface Contract {
  operations: Record<string, Operation>;
  definitions: Record<string, Schema>;
}

export const CONTRACT: Contract = JSON.parse(
  readFileSync(new URL('./visma-eaccounting-v2.subset.json', import.meta.url), 'utf8'),
) as Contract;

/** `METHOD /v2/path/{param}` as the document spells it. */
export type OperationKey = string;

export function operation(key: OperationKey): Operation {
  const op = CONTRACT.operations[key];
  if (!op) throw new Error(`${key} is not in the contract subset (contract/extract.ts lists the operations)`);
  return op;
}

export function definition(name: string): Schema {
  const schema = CONTRACT.definitions[name];
  if (!schema) throw new Error(`definition ${name} is not in the contract subset`);
  return schema;
}

export function resolve(schema: Schema): Schema {
  return schema.$ref ? definition(schema.$ref.replace('#/definitions/', '')) : schema;
}

/** The body schema of an operation, when it takes one. */
export function bodySchema(op: Operation): Schema | null {
  return op.parameters.find((p) => p.in === 'body')?.schema ?? null;
}

/** The documented answer of an operation (every operation here documents 200). */
export function responseSchema(op: Operation): Schema | null {
  return op.responses['200']?.schema ?? null;
}

/** The item definition of a `PaginatedResponse[X]` answer, or null for a single document. */
export function pageItemSchema(op: Operation): Schema | null {
  const answer = responseSchema(op);
  if (!answer?.$ref?.includes('PaginatedResponse[')) return null;
  return resolve(answer).properties?.Data?.items ?? null;
}
