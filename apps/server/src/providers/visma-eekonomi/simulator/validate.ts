import { resolve, type Schema } from '../contract/contract';
import { ERROR, VismaApiError } from './operations';

/**
 * Request bodies checked against the contract's definitions, and answers shaped to them, as
 * Visma's ASP.NET Web API does (contract/README.md says which document):
 *
 * - JSON.NET reads the body into the definition's class: a property of the wrong JSON type, a
 *   GUID that is not one, a date that is not one, a number out of int32 range is refused;
 *   properties the definition does not have are ignored (JSON.NET's default).
 * - Then the data annotations: `required` (absent, null, or an empty string: RequiredAttribute),
 *   `maxLength`/`minLength`, `minimum`/`maximum`, `enum` and `pattern` (the decimals rules such
 *   as `CustomerInvoiceDraftRowApi.UnitPrice`: at most 2 decimals).
 * - Every refusal is 400 with ErrorCode 2000 DataModelValidationError in Visma's error body.
 * - Answers carry exactly the definition's properties, absent ones as null (JSON.NET writes every
 *   property), dates as Visma writes them (`2026-05-04T00:00:00`).
 */

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** What JSON.NET reads into a DateTime: a date, or a date and time with or without a zone. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,7})?)?(Z|[+-]\d{2}:\d{2})?)?$/;
const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };

function refuse(message: string): never {
  throw new VismaApiError(400, ERROR.validation, message);
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function checkValue(schema: Schema, value: unknown, at: string): void {
  const s = resolve(schema);
  const type = s.type ?? (s.properties ? 'object' : undefined);
  switch (type) {
    case 'string': {
      if (typeof value !== 'string') refuse(`Error converting value ${JSON.stringify(value)} to type 'String'. Path '${at}'.`);
      if (s.format === 'uuid' && !GUID.test(value)) refuse(`Error converting value "${value}" to type 'Guid'. Path '${at}'.`);
      if (s.format === 'date-time' && (!DATE_TIME.test(value) || Number.isNaN(Date.parse(value.slice(0, 10)))))
        refuse(`Could not convert string to DateTime: ${value}. Path '${at}'.`);
      if (s.maxLength !== undefined && value.length > s.maxLength)
        refuse(`The field ${at} must be a string with a maximum length of ${s.maxLength}.`);
      if (s.minLength !== undefined && value.length < s.minLength)
        refuse(`The field ${at} must be a string with a minimum length of ${s.minLength}.`);
      break;
    }
    case 'number':
    case 'integer': {
      if (typeof value !== 'number' || !Number.isFinite(value))
        refuse(
          `Error converting value ${JSON.stringify(value)} to type '${type === 'integer' ? 'Int32' : 'Double'}'. Path '${at}'.`,
        );
      if (type === 'integer' && !Number.isInteger(value)) refuse(`Input string '${value}' is not a valid integer. Path '${at}'.`);
      if (s.format === 'int32' && (value < INT32.min || value > INT32.max))
        refuse(`Value was either too large or too small for an Int32. Path '${at}'.`);
      if (s.minimum !== undefined && value < s.minimum)
        refuse(`The field ${at} must be between ${s.minimum} and ${s.maximum ?? '∞'}.`);
      if (s.maximum !== undefined && value > s.maximum)
        refuse(`The field ${at} must be between ${s.minimum ?? '-∞'} and ${s.maximum}.`);
      // RegularExpressionAttribute matches the whole of the number's text (the decimals rules).
      if (s.pattern && !new RegExp(`^(?:${s.pattern})$`).test(String(value)))
        refuse(`The field ${at} must match the regular expression '${s.pattern}'.`);
      break;
    }
    case 'boolean':
      if (typeof value !== 'boolean') refuse(`Error converting value ${JSON.stringify(value)} to type 'Boolean'. Path '${at}'.`);
      break;
    case 'array':
      if (!Array.isArray(value)) refuse(`Cannot deserialize ${jsonType(value)} into an array. Path '${at}'.`);
      if (s.items) for (const [i, item] of value.entries()) if (item !== null) checkValue(s.items as Schema, item, `${at}[${i}]`);
      break;
    case 'object':
      checkObject(s, value, at);
      break;
  }
  if (s.enum && !s.enum.includes(value)) refuse(`The field ${at} must be one of ${s.enum.join(', ')}.`);
}

function checkObject(schema: Schema, value: unknown, at: string): void {
  if (jsonType(value) !== 'object') refuse(`Cannot deserialize ${jsonType(value)} into an object. Path '${at}'.`);
  const body = value as Record<string, unknown>;
  const prefix = at ? `${at}.` : '';
  for (const name of schema.required ?? []) {
    const v = body[name];
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === ''))
      refuse(`The ${prefix}${name} field is required.`);
  }
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const v = body[name];
    if (v === undefined || v === null) continue;
    checkValue(property, v, `${prefix}${name}`);
  }
}

/** Checks a request body against the operation's body schema (a definition of the contract). */
export function checkBody(schema: Schema, body: unknown): void {
  if (body === null || body === undefined) refuse('The request body is required.');
  checkObject(resolve(schema), body, '');
}

/** A date Visma stores without a time is written `YYYY-MM-DDT00:00:00`, as JSON.NET writes an unzoned DateTime. */
function dateTime(value: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00` : value;
}

/** The answer as the definition documents it: its properties and no others, absent ones null. */
export function shape(schema: Schema, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  const s = resolve(schema);
  const type = s.type ?? (s.properties ? 'object' : undefined);
  if (type === 'array') return Array.isArray(value) ? value.map((item) => shape(s.items ?? {}, item)) : null;
  if (type === 'object') {
    if (typeof value !== 'object') return null;
    const source = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [name, property] of Object.entries(s.properties ?? {})) out[name] = shape(property, source[name]);
    return out;
  }
  if (type === 'string' && s.format === 'date-time' && typeof value === 'string') return dateTime(value);
  return value;
}
