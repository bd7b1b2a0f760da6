// Importing this module makes every writable store keep the search indexes in step: each item
// written through `openWritableStore` gets its stage-1 rows and, when the store has an LSA model,
// its node vectors, inside the item's own transaction.
import {registerIndexer} from '../../store/writable.js';
import {searchIndexer} from './indexer.js';

registerIndexer(searchIndexer);
