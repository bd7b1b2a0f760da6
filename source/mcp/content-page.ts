import type {Depth} from '../core/depth.js';
import {DrillError} from '../core/errors.js';
import type {Drillables} from '../core/registry.js';
import {defaultMaxChars, type TreeView, type ViewOptions} from '../core/tree-view.js';
import type {ContentPage} from './render.js';

/** The most content one answer carries, and how far into a node's content a page may start. */
export const maxContentChars = 2_000_000;
export const maxContentOffset = 98_000_000;

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/**
 * One page of a view's content: `contentOffset` characters in, at most `maxChars` long, and where
 * the next page starts when the content goes on. A page never ends inside a surrogate pair, so
 * pages read one after another join into the whole content.
 */
export function walkPage(drillables: Drillables, domain: string, nodeId: string, depth: Depth, options: ViewOptions & {contentOffset?: number}): {view: TreeView; page: ContentPage} {
	const {contentOffset: from = 0, ...view} = options;
	if (from > 0 && depth !== 'full') throw new DrillError('bad_argument', `content_offset pages the content, which only depth "full" has (this call asks for depth "${depth}")`, 'add depth="full", or leave out content_offset');
	const maxChars = view.maxChars ?? defaultMaxChars;
	const walked = drillables.walk(domain, nodeId, depth, {...view, maxChars: from + maxChars});
	if (walked.content === undefined) return {view: walked, page: {from: 0}};
	const whole = walked.content;
	if (from > 0 && from >= whole.length) throw new DrillError('bad_argument', `content_offset ${from} is past the end: the content of ${nodeId === '' ? "''" : nodeId} has ${whole.length} characters`, `give a content_offset below ${whole.length}`);
	let end = whole.length;
	if (walked.truncated && end > from + 1 && isHighSurrogate(whole.charCodeAt(end - 1))) end--;
	const content = whole.slice(from, end);
	const goesOn = walked.truncated === true || end < whole.length;
	// The node's children were listed with its first part: a later part carries only the content.
	const rest = from > 0 ? {children: [], summary: undefined} : {};
	return {view: {...walked, ...rest, content, truncated: goesOn}, page: {from, ...(goesOn ? {next: end} : {})}};
}
