import { loadNestWithLazyDateFormatters } from './lazy-date-formatters';
import { pauseOptimisersForStartup } from './startup-memory';

/** Imported first by the entry points (main.ts, the bench's gateway entry): runs before the app's modules load. */
pauseOptimisersForStartup();
loadNestWithLazyDateFormatters();
