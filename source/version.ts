import packageJson from '../package.json' with {type: 'json'};

/** drill's version, as package.json gives it (the bundle inlines it). */
export const version: string = packageJson.version;
