// Importing a domain registers it. A new domain is one file here and one line below.
import './summary.js';
import './knowledge.js';
import './drills.js';
