/**
 * What makes a tool's JSON Schema hard for a client that maps it onto a narrower dialect (the
 * OpenAPI subset of function declarations, say): a `type` array, a bare `true`/`false` where a
 * schema object belongs, a `$ref` the client would have to fetch, a node that constrains nothing.
 * One line per problem, with the node's path (`properties.depth`).
 */

const schemaMaps = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const schemaLists = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const schemaValues = ['items', 'additionalItems', 'additionalProperties', 'unevaluatedProperties', 'unevaluatedItems', 'not', 'if', 'then', 'else', 'contains', 'propertyNames'];
/** Where `true`/`false` is the usual spelling (allow or forbid what is not listed). */
const booleanAllowed = new Set(['additionalProperties', 'unevaluatedProperties', 'unevaluatedItems', 'additionalItems']);
/** Keywords that say something about the value (a node with none of them accepts anything). */
const constraining = ['type', 'enum', 'const', '$ref', 'allOf', 'anyOf', 'oneOf', 'not', 'properties', 'items', 'prefixItems', 'required', 'pattern', 'format', 'minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems'];

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const join = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);

export function schemaProblems(schema: unknown, path = '', keyword?: string): string[] {
	const at = path === '' ? '(root)' : path;
	if (typeof schema === 'boolean') return keyword !== undefined && booleanAllowed.has(keyword) ? [] : [`${at}: a bare ${schema} where a schema object belongs`];
	if (!isObject(schema)) return [`${at}: not a schema (${JSON.stringify(schema)})`];
	const problems: string[] = [];
	if (Array.isArray(schema.type)) problems.push(`${at}: a type union (${JSON.stringify(schema.type)}); use anyOf with one type each`);
	if (typeof schema.$ref === 'string' && !schema.$ref.startsWith('#')) problems.push(`${at}: a $ref outside the document (${schema.$ref})`);
	if (keyword !== 'not' && !constraining.some((name) => name in schema)) problems.push(`${at}: a schema that constrains nothing`);
	for (const name of schemaMaps) {
		if (isObject(schema[name])) for (const [key, value] of Object.entries(schema[name])) problems.push(...schemaProblems(value, join(join(path, name), key), name));
	}
	for (const name of schemaLists) {
		if (Array.isArray(schema[name])) for (const [index, value] of schema[name].entries()) problems.push(...schemaProblems(value, `${join(path, name)}[${index}]`, name));
	}
	for (const name of schemaValues) if (name in schema) problems.push(...schemaProblems(schema[name], join(path, name), name));
	return problems;
}
