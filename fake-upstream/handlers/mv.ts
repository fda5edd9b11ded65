import type { FakeRoutes } from '../fake-upstream';

export const mvRoutes: FakeRoutes = {};
