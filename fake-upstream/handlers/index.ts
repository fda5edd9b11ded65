import type { FakeRoutes } from '../fake-upstream';
import { chartsRoutes } from './charts';
import { musicRoutes } from './music';

/** Every feature's fake routes. A new feature adds one file under handlers/ and one line here. */
export const ROUTES: FakeRoutes[] = [chartsRoutes, musicRoutes];
