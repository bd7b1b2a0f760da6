/** Sources → summary trees: what other modules use of ingest. */
export {textToItem} from './text-to-item.js';
