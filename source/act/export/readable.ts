import type {Runtime} from '../../runtime.js';
import {nodeDocument, type ExportDocument} from './document.js';
import {renderHtml} from './html.js';
import {renderMarkdown} from './markdown.js';

export type ReadableFormat = 'markdown' | 'html';

/** One node as a document to read or share: a summary item or subtree, a knowledge unit, a drill. */
export function readableExport(runtime: Runtime, domain: string, id: string, format: ReadableFormat, options: {thinking?: boolean} = {}): {document: ExportDocument; text: string} {
	const document = nodeDocument(runtime, domain, id, options);
	return {document, text: format === 'html' ? renderHtml(document) : renderMarkdown(document)};
}
