import {z} from 'zod';
import {DrillError} from '../core/errors.js';
import {nearestName} from './nearest-name.js';

/** What an argument check needs of a tool: its name, its parameters, and the tools an unknown one may belong to. */
export interface ArgumentSpec {
	tool: string;
	schema: z.ZodObject;
	/** Other tools by parameter: `summary_search` has no `source`, `find` does. */
	elsewhere?: Readonly<Record<string, string>>;
}

const kindOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : typeof value === 'number' ? (Number.isInteger(value) ? 'a whole number' : 'a number') : `a ${typeof value}`);

const shown = (value: unknown) => {
	const text = JSON.stringify(value) ?? String(value);
	return text.length > 60 ? `${text.slice(0, 60)}…` : text;
};

function valueAt(args: unknown, path: ReadonlyArray<PropertyKey>): unknown {
	let value = args;
	for (const key of path) value = typeof value === 'object' && value !== null ? (value as Record<PropertyKey, unknown>)[key] : undefined;
	return value;
}

const pathText = (path: ReadonlyArray<PropertyKey>) => path.map((key, index) => (typeof key === 'number' ? `[${key}]` : index === 0 ? String(key) : `.${String(key)}`)).join('');

const expectedWords: Record<string, string> = {string: 'text', number: 'a number', int: 'a whole number', boolean: 'true or false', array: 'an array', object: 'an object'};

/** The schema of one top-level parameter, for its description. */
const describe = (spec: ArgumentSpec, name: PropertyKey | undefined) => (typeof name === 'string' ? spec.schema.shape[name]?.description : undefined);

/** The object schema at a path of the arguments (through optionals, defaults and arrays), if there is one. */
function objectAt(schema: z.ZodType, path: ReadonlyArray<PropertyKey>): z.ZodObject | undefined {
	let at: z.ZodType | undefined = schema;
	const steps = [...path];
	while (at) {
		const def: {type: string; innerType?: z.ZodType; element?: z.ZodType} = (at as unknown as {_zod: {def: {type: string; innerType?: z.ZodType; element?: z.ZodType}}})._zod.def;
		if (def.type === 'optional' || def.type === 'default' || def.type === 'nullable') at = def.innerType;
		else if (def.type === 'array') {
			if (typeof steps[0] !== 'number') return undefined;
			steps.shift();
			at = def.element;
		} else if (def.type === 'object') {
			if (steps.length === 0) return at as z.ZodObject;
			at = (at as z.ZodObject).shape[steps.shift() as string];
		} else return undefined;
	}
	return undefined;
}

function unknownParameters(spec: ArgumentSpec, keys: readonly string[], at: ReadonlyArray<PropertyKey>, args: unknown): DrillError {
	const params = Object.keys(objectAt(spec.schema, at)?.shape ?? {});
	const where = at.length === 0 ? '' : ` in ${pathText(at)}`;
	const list = keys.join(', ');
	const other = at.length === 0 ? keys.map((key) => spec.elsewhere?.[key]).find(Boolean) : undefined;
	if (other) {
		const key = keys.find((name) => spec.elsewhere?.[name])!;
		return new DrillError('bad_argument', `unknown parameter ${key}: ${spec.tool} has none`, `${other} takes ${key}`);
	}
	const guesses = keys.map((key) => nearestName(key, params));
	const meant = guesses.filter((guess): guess is string => guess !== undefined);
	const takes = at.length === 0 ? `${spec.tool} takes ${params.join(', ')}` : `${pathText(at)} takes ${params.join(', ')}`;
	const hint = meant.length === keys.length ? `did you mean ${meant.join(', ')}?` : meant.length > 0 ? `did you mean ${meant.join(', ')}? ${takes}` : takes;
	return new DrillError('bad_argument', `unknown parameter${keys.length === 1 ? '' : 's'} ${list}${where}`, hint);
}

/** The first problem zod found, in words that say what was wrong and what would be right. */
function explain(spec: ArgumentSpec, issue: z.core.$ZodIssue, args: unknown): DrillError {
	const name = pathText(issue.path);
	const value = valueAt(args, issue.path);
	const about = describe(spec, issue.path[0]);
	switch (issue.code) {
		case 'unrecognized_keys':
			return unknownParameters(spec, issue.keys, issue.path, args);
		case 'invalid_type': {
			if (value === undefined) return new DrillError('bad_argument', `${spec.tool} needs ${name}`, about ?? `give ${name}`);
			const expected = expectedWords[issue.expected] ?? issue.expected;
			return new DrillError('bad_argument', `${name} must be ${expected}, got ${kindOf(value)} (${shown(value)})`, about ?? '');
		}
		case 'invalid_value': {
			const values = issue.values.map((entry) => JSON.stringify(entry));
			const guess = typeof value === 'string' ? nearestName(value, issue.values.filter((entry): entry is string => typeof entry === 'string')) : undefined;
			return new DrillError('bad_argument', `${name} must be ${values.length === 1 ? values[0] : `one of ${values.join(', ')}`}, got ${shown(value)}`, guess ? `did you mean ${JSON.stringify(guess)}?` : (about ?? ''));
		}
		case 'too_big':
		case 'too_small': {
			// Limits with words of their own (the size limits) keep them.
			if (!/^(?:Too (?:big|small)|Invalid)/u.test(issue.message)) return new DrillError('bad_argument', issue.message, about ?? '');
			const bound = issue.code === 'too_big' ? `at most ${issue.maximum}` : `at least ${issue.minimum}`;
			const unit = issue.origin === 'array' ? ' entries' : issue.origin === 'string' ? ' characters' : '';
			return new DrillError('bad_argument', `${name} must be ${bound}${unit}, got ${Array.isArray(value) ? `${value.length} entries` : typeof value === 'string' ? `${value.length} characters` : shown(value)}`, about ?? '');
		}
		default:
			return new DrillError('bad_argument', name && !issue.message.startsWith(name) ? `${name}: ${issue.message}` : issue.message, about ?? '');
	}
}

/**
 * A tool's arguments checked against its parameters, strictly: an unknown or misspelled
 * parameter is refused with the nearest valid one (`unknown parameter nodeId; did you mean
 * node_id?`), as the CLI refuses an unknown flag, since a parameter dropped in silence gives a
 * wrong answer. Every other mistake names the parameter, the value given and what it takes.
 */
export function parseArguments<T>(spec: ArgumentSpec, args: unknown): T {
	if (args !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args))) throw new DrillError('bad_argument', `the arguments of ${spec.tool} must be an object, got ${kindOf(args)}`, `e.g. {} or {"${Object.keys(spec.schema.shape)[0] ?? 'name'}": …}`);
	const parsed = spec.schema.safeParse(args ?? {});
	if (parsed.success) return parsed.data as T;
	// Unknown names first: a misspelled parameter also leaves its real one missing.
	const issues = parsed.error.issues;
	const first = issues.find((issue) => issue.code === 'unrecognized_keys') ?? issues[0]!;
	throw explain(spec, first, args);
}
