/** Injection token of the validated, typed AppConfig. */
export const APP_CONFIG = Symbol('APP_CONFIG');

/** Where structured logs go: stdout unless a test hands in a stream to inspect them. */
export const LOG_DESTINATION = Symbol('LOG_DESTINATION');
