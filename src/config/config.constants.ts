/** Injection token of the validated, typed AppConfig. */
export const APP_CONFIG = Symbol('APP_CONFIG');
