import packageJson from '../package.json' with { type: 'json' };

/** The name and version of this kit, as its reports name it. */
export const KIT = Object.freeze({ name: packageJson.name, version: packageJson.version });
