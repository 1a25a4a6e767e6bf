/** The version this build reports; kept in step with the root package.json by hand at release. */
export const APP_VERSION = '0.1.0';
