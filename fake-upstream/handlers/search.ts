import type { FakeRoutes } from '../fake-upstream';

export const searchRoutes: FakeRoutes = {};
