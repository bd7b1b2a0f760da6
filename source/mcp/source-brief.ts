import type {ItemSource} from '../core/item-source.js';

/** Past these, a field of an item's provenance is cut (the item's own walk shows it whole). */
const maxText = 300;
const maxEntries = 5;

/**
 * An item's provenance as MCP answers carry it, once per item: every field it has, whatever the
 * field (so fields added to ItemSource ride along), with long texts clipped and long lists cut to
 * their first entries plus a `{field}_total` count.
 */
export function sourceBrief(source: ItemSource | undefined): Record<string, unknown> | undefined {
	if (!source) return undefined;
	const brief: Record<string, unknown> = {};
	for (const [key, value] of Object.entries(source)) {
		if (value === undefined || value === null || value === '') continue;
		if (typeof value === 'string') brief[key] = value.length > maxText ? `${value.slice(0, maxText - 1)}…` : value;
		else if (Array.isArray(value)) {
			if (value.length === 0) continue;
			brief[key] = value.slice(0, maxEntries).map((entry) => (typeof entry === 'string' && entry.length > maxText ? `${entry.slice(0, maxText - 1)}…` : entry));
			if (value.length > maxEntries) brief[`${key}_total`] = value.length;
		} else brief[key] = value;
	}
	return Object.keys(brief).length > 0 ? brief : undefined;
}
