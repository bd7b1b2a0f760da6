/** Sources → summary trees: what other modules use of ingest. */
export {textToItem} from './text-to-item.js';
export {chatToItem, type ChatMessage} from './chat-to-item.js';
