import {DrillError} from './errors.js';

export const depths = ['index', 'summary', 'full'] as const;
export type Depth = (typeof depths)[number];
export const defaultDepth: Depth = 'index';

export function parseDepth(value: unknown): Depth {
	if (value === undefined || value === null || value === '') return defaultDepth;
	if (typeof value === 'string' && (depths as readonly string[]).includes(value)) return value as Depth;
	throw new DrillError('bad_depth', `unknown depth ${JSON.stringify(String(value))}`, `use one of: ${depths.join(', ')}`);
}
