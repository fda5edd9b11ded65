// First, as in the gateway's entry: the optimising compilers stay off while the modules load.
import '../../src/common/startup-pause';
import { releaseStartupMemory } from '../../src/common/startup-memory';
import { reportStartFailure, startFloor } from './nest-floor-entry';

/**
 * The NestJS floor (nest-floor-entry.ts) given the gateway's start-up memory treatment (decision 014): the compiler
 * pause while loading and one memory-reducing collection after listening. Its RSS at rest is what NestJS + Express
 * alone weigh on this Node, the line under the gateway's idle figure. argv[2]: a recorded-calls file (may be `{}`).
 */
startFloor(releaseStartupMemory).catch(reportStartFailure);
